import type { MarketFigures, ProductMarket } from '@mc/contracts';
import { useId, useState } from 'react';
import { heManage } from '../i18n/he-manage';
import { Agorot, formatCount } from './format';

const text = heManage.stock;

function Figures({ market }: { market: MarketFigures }) {
  return (
    <dl className="mc-market-figures">
      <div><dt>{text.inStockOfOffering}</dt><dd className="bo-num">{formatCount(market.pharmaciesInStock)} / {formatCount(market.pharmaciesOffering)}</dd></div>
      <div><dt>{text.marketUnits}</dt><dd className="bo-num">{formatCount(market.units)}</dd></div>
      <div><dt>{text.lowest}</dt><dd><Agorot value={market.lowestPrice} /></dd></div>
      <div><dt>{text.median}</dt><dd><Agorot value={market.medianPrice} /></dd></div>
      <div><dt>{text.highest}</dt><dd><Agorot value={market.highestPrice} /></dd></div>
    </dl>
  );
}

/**
 * The product's market (issue 29 §4): pharmacies in stock of those offering it, units where reported, lowest /
 * median / highest price over the offers in stock, and the same by district behind a disclosure.
 */
export function Market({ productName, market }: { productName: string; market: ProductMarket }) {
  const [open, setOpen] = useState(false);
  const districtsId = useId();
  return (
    <div className="mc-market">
      <p className="mc-label">{text.marketTitle}</p>
      <Figures market={market} />
      <button type="button" className="bo-link-button" aria-expanded={open} aria-controls={districtsId} onClick={() => setOpen(!open)}>
        {open ? text.hideDistricts : text.showDistricts}
      </button>
      <div id={districtsId} hidden={!open} className="mc-districts">
        {open && (market.districts.length ? (
          <div className="bo-table-wrap" role="region" aria-label={text.districtsCaption(productName)} tabIndex={0}>
            <table className="bo-table">
              <caption className="visually-hidden">{text.districtsCaption(productName)}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.district}</th>
                  <th scope="col">{text.inStockOfOffering}</th>
                  <th scope="col">{text.marketUnits}</th>
                  <th scope="col">{text.lowest}</th>
                  <th scope="col">{text.median}</th>
                  <th scope="col">{text.highest}</th>
                </tr>
              </thead>
              <tbody>
                {market.districts.map((d) => (
                  <tr key={d.district}>
                    <th scope="row">{d.district}</th>
                    <td className="bo-num">{formatCount(d.pharmaciesInStock)} / {formatCount(d.pharmaciesOffering)}</td>
                    <td className="bo-num">{formatCount(d.units)}</td>
                    <td><Agorot value={d.lowestPrice} /></td>
                    <td><Agorot value={d.medianPrice} /></td>
                    <td><Agorot value={d.highestPrice} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className="bo-empty">{text.noDistricts}</p>)}
      </div>
    </div>
  );
}

import type { CompanyOfferRef } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Cell, Row } from 'react-aria-components';
import { useSession } from '../../kit/auth/use-session';
import { BoTable } from '../../kit/backoffice/table';
import { Agorot, formatCount } from '../components/format';
import { Members } from '../components/Members';
import { heManage } from '../i18n/he-manage';
import { companyQuery } from '../queries/company';

const text = heManage.figures;

function OfferFigure({ label, offer }: { label: string; offer: CompanyOfferRef | null }) {
  return (
    <li className="bo-stat">
      <span className="bo-stat-label">{label}</span>
      {offer ? (
        <>
          <span className="bo-stat-value"><Agorot value={offer.price} /></span>
          <span className="bo-stat-sub">{offer.productName}</span>
          <span className="bo-stat-sub">
            <a href={`/pharms/${encodeURIComponent(offer.pharmSlug)}`}>{text.offerAt(offer.pharmName, offer.city)}</a>
          </span>
        </>
      ) : (
        <span className="bo-stat-sub">{text.noOffer}</span>
      )}
    </li>
  );
}

/**
 * The company's main page (issue 29 §3): products in the catalogue, pharmacies stocking them, stock-outs this week,
 * the cheapest and dearest offer with its pharmacy, and each product with how many pharmacies stock it now; for an
 * admin, the company's staff (issue 30 §2).
 */
export function CompanyMainPage() {
  const { slug } = useParams({ from: '/manage/cannabis-company/$slug' });
  // The layout drew only once this answered.
  const { data } = useQuery(companyQuery(slug));
  const admin = useSession()?.claims.role === 'admin';
  if (!data) return null;
  const { company, figures } = data;
  return (
    <div className="bo-dashboard">
      <section className="bo-section" aria-labelledby="mc-figures-title">
        <h2 id="mc-figures-title" className="bo-section-title">{text.title}</h2>
        <ul className="bo-stats">
          <li className="bo-stat">
            <span className="bo-stat-label">{text.productsInCatalog}</span>
            <span className="bo-stat-value bo-num">{formatCount(company.productsCount)}</span>
            <span className="bo-stat-sub">{text.productsStocked}: <span className="bo-num">{formatCount(figures.productsStocked)}</span></span>
          </li>
          <li className="bo-stat">
            <span className="bo-stat-label">{text.pharmaciesStocking}</span>
            <span className="bo-stat-value bo-num">{formatCount(figures.pharmaciesStocking)}</span>
          </li>
          <li className="bo-stat">
            <span className="bo-stat-label">{text.stockOutsThisWeek}</span>
            <span className="bo-stat-value bo-num">{formatCount(figures.stockOutsThisWeek)}</span>
          </li>
          <OfferFigure label={text.cheapest} offer={figures.cheapest} />
          <OfferFigure label={text.dearest} offer={figures.dearest} />
        </ul>
      </section>
      <section className="bo-section" aria-labelledby="mc-products-title">
        <h2 id="mc-products-title" className="bo-section-title">{text.productsTitle}</h2>
        <BoTable
          className="bo-table" label={text.productsCaption}
          columns={[text.productColumns.product, text.productColumns.pharmacies]}
          items={figures.products.map((product) => ({ ...product, id: product.productId }))}
          empty={text.noProducts}
        >
          {(product) => (
            <Row id={product.productId} textValue={product.productName}>
              <Cell>{product.productName}</Cell>
              <Cell><span className="bo-num">{formatCount(product.pharmaciesInStock)}</span></Cell>
            </Row>
          )}
        </BoTable>
      </section>
      {admin && <Members of={{ kind: 'company', slug }} />}
    </div>
  );
}

import { formatShekels, type Shipment } from '@mc/contracts';
import { hePharms } from '../../../kit/i18n/he-pharms';

/** How much is the order threshold: a sum in shekels, or an item count shown as 10 g per item (spec 9). */
function threshold(pricing: Shipment['pricings'][number]): string {
  return pricing.quantityType === 'min-items-count' ? hePharms.items(pricing.quantity) : formatShekels(pricing.quantity);
}

/** The pharmacy's shipping options: the cost by order size (0 shows as free) and the areas served. */
export function Shipments({ shipments }: { shipments: Shipment[] }) {
  if (!shipments.length) return null;
  return (
    <section className="pharm-shipments" aria-labelledby="shipments-title">
      <h2 id="shipments-title" className="pharm-section-title">
        {hePharms.shipments}
      </h2>
      <ul className="shipment-list">
        {shipments.map((shipment) => (
          <li key={shipment.id} className="card shipment">
            <ul className="shipment-pricings">
              {shipment.pricings.map((pricing, i) => (
                <li key={i}>
                  {hePharms.shipmentFrom(threshold(pricing))}:{' '}
                  <strong>{pricing.amount === 0 ? hePharms.free : <bdi>{formatShekels(pricing.amount)}</bdi>}</strong>
                </li>
              ))}
            </ul>
            {shipment.addresses.length > 0 && (
              <p className="shipment-areas">
                {hePharms.shipTo} {shipment.addresses.map((a) => a.displayText).join(', ')}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Messages } from '@mc/contracts';
import { he } from '../../../kit/i18n/he';
import { comparisonQuery, FIRST_OFFERS } from '../../queries/products';
import { ErrorView } from '../../../kit/ui/ErrorView';
import { LoadingMessage } from '../../../kit/ui/RouteStates';
import { ComparisonRow } from './ComparisonRow';
import { comparisonParams, type ComparisonSearch } from '../../search-params/comparison-search';
import { GeoNotice } from '../../../kit/ui/GeoNotice';
import { useGeolocation, useKnownPosition } from '../../../kit/lib/geolocation';
import { Shekels, UnitPrice } from '../../../kit/ui/Price';
import './products.css';

interface PriceComparisonProps {
  slug: string;
  search: ComparisonSearch;
  onChange: (patch: ComparisonSearch) => void;
}

/**
 * Beside the product's name: its lowest price in stock and in how many pharmacies, from the unfiltered comparison by
 * price (its cheapest row; the server draws it with the page). The price-per-gram line belongs after the price.
 */
export function LowestPrice({ slug }: { slug: string }) {
  const { data } = useQuery(comparisonQuery(slug, comparisonParams({})));
  if (!data) return <p className="product-price product-price-pending" aria-hidden="true" />;
  const count = data.offerCount ?? data.offers.length;
  const cheapest = data.offers[0];
  if (!cheapest) {
    return (
      <p className="product-price">
        <span className="product-price-stock out-of-stock">{he.lists.pharmCount(0)}</span>
      </p>
    );
  }
  return (
    <p className="product-price">
      <span className="product-price-from">
        <span className="visually-hidden">{he.product.lowestPrice}: </span>
        {he.lists.fromPrice}
        <Shekels amount={cheapest.totalPrice} />
      </span>
      <UnitPrice price={cheapest.totalPrice} product={data.product} />
      <span className="product-price-stock in-stock">{he.product.inStockAt(count)}</span>
    </p>
  );
}

/**
 * The product in every pharmacy: open-now and delivery filters, sorted by price or by distance from the browser; a
 * position the visitor has already allowed gives every row its distance under either order.
 */
export function PriceComparison({ slug, search, onChange }: PriceComparisonProps) {
  const geo = useGeolocation(search.sortBy === 'nearby');
  const known = useKnownPosition();
  const location = geo.status === 'located' ? geo.point : known;
  const query = useQuery({
    ...comparisonQuery(slug, comparisonParams(search, location)),
    enabled: geo.status !== 'locating',
    placeholderData: keepPreviousData,
  });
  const offers = query.data?.offers ?? [];
  // A server-drawn page holds only the first screen's offers: the rest are asked for once the page is live.
  const offerCount = query.data?.offerCount ?? offers.length;
  const firstScreenOnly = query.data?.offerCount !== undefined && !query.isPlaceholderData;
  const { refetch } = query;
  useEffect(() => {
    if (firstScreenOnly) void refetch();
  }, [firstScreenOnly, refetch]);
  const filtered = search.isOpen === 1 || search.hasDelivery === 1;
  // A popular product is in ~90 pharmacies: the first ones (cheapest or nearest) at once, the rest on request.
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? offers : offers.slice(0, FIRST_OFFERS);

  return (
    <section className="comparison" aria-labelledby="comparison-title">
      <h2 id="comparison-title" className="section-title">
        {he.comparison.title}
        {query.data && <span className="comparison-count"> ({he.comparison.count(offerCount)})</span>}
      </h2>
      <div className="comparison-controls">
        <label className="filter-toggle">
          <input type="checkbox" checked={search.isOpen === 1} onChange={(e) => onChange({ ...search, isOpen: e.target.checked ? 1 : undefined })} />
          {he.comparison.isOpen}
        </label>
        <label className="filter-toggle">
          <input
            type="checkbox"
            checked={search.hasDelivery === 1}
            onChange={(e) => onChange({ ...search, hasDelivery: e.target.checked ? 1 : undefined })}
          />
          {he.comparison.hasDelivery}
        </label>
        <label className="list-sort">
          <span>{he.lists.sortBy}</span>
          <select
            value={search.sortBy ?? 'price'}
            onChange={(e) => onChange({ ...search, sortBy: e.target.value === 'nearby' ? 'nearby' : undefined })}
          >
            <option value="price">{he.lists.sorts.price}</option>
            <option value="nearby">{he.lists.sorts.nearby}</option>
          </select>
        </label>
      </div>
      <GeoNotice state={geo} />
      {query.isError ? (
        <ErrorView message={Messages.listLoadFailed} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingMessage className="comparison-loading" />
      ) : offerCount === 0 ? (
        <p className="list-empty" role="status">
          {filtered ? he.comparison.emptyFiltered : he.comparison.empty}
        </p>
      ) : (
        <>
          <ol className="offer-list" aria-busy={query.isFetching}>
            {shown.map((offer) => (
              <li key={offer.id}>
                <ComparisonRow offer={offer} product={query.data.product} />
              </li>
            ))}
          </ol>
          {shown.length < offerCount && (
            <div className="load-more">
              <button type="button" className="button button-secondary" onClick={() => setShowAll(true)}>
                {he.comparison.showAll(offerCount)}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

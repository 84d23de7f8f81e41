import { lazy, Suspense } from 'react';
import { heAlerts } from '../../../kit/i18n/he-alerts';
import { useAfterMount } from '../../../kit/lib/use-after-mount';
import { PriceHistoryPlaceholder } from './PriceHistoryPlaceholder';

// Its switch (React Aria) and chart load once the page is up: the first screen's JavaScript stays as it was.
const PriceHistory = lazy(() => import('./PriceHistory'));

/** The product page's price history (issue 31): its heading and box at once, the chart when its code and data are here. */
export function PriceHistorySection({ slug }: { slug: string }) {
  const mounted = useAfterMount();
  return (
    <section className="price-history" aria-labelledby="price-history-title">
      <h2 id="price-history-title" className="section-title">{heAlerts.history.title}</h2>
      {mounted ? (
        <Suspense fallback={<PriceHistoryPlaceholder />}>
          <PriceHistory slug={slug} />
        </Suspense>
      ) : (
        <PriceHistoryPlaceholder />
      )}
    </section>
  );
}

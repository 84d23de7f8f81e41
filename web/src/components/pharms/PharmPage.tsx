import { Messages } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../../api/client';
import { he, hePharms } from '../../i18n/he';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pharmQuery, pharmSlidesQuery } from '../../queries/pharms';
import { NotFoundPage } from '../../routes/not-found';
import { ErrorView } from '../ErrorView';
import type { ListPatch } from '../products/ListFilters';
import { Announcements } from './Announcements';
import { PharmHeader } from './PharmHeader';
import { WatchingNow } from '../presence/WatchingNow';
import { PharmProducts } from './PharmProducts';
import { PharmSlides } from './PharmSlides';
import type { PharmPageSearch } from './pharm-page-search';
import './pharms.css';

/** The pharmacy page (and its embed): breadcrumbs, header card, announcements, slides, its products. */
export function PharmPage({
  slug,
  search,
  onChange,
  embed = false,
}: {
  slug: string;
  search: PharmPageSearch;
  onChange: (patch: ListPatch) => void;
  embed?: boolean;
}) {
  const query = useQuery(pharmQuery(slug));
  const slidesQuery = useQuery(pharmSlidesQuery(slug));
  const slides = slidesQuery.data?.slides ?? [];
  const pharm = query.data?.pharm;
  useDocumentTitle(pharm ? (pharm.seoTitle ?? pharm.name) : undefined);

  // Waiting for the slides too: inserted later, they would push the products down (a layout shift).
  if (query.isPending || slidesQuery.isPending) {
    return (
      <p className="list-loading" role="status">
        {he.loading}
      </p>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage detail={Messages.pharmNotFound} />;
    return <ErrorView message={query.error.message || Messages.generic} onRetry={() => void query.refetch()} />;
  }
  const data = query.data;

  return (
    <div className={`pharm-page${embed ? ' is-embed' : ''}`}>
      {!embed && (
        <nav aria-label={hePharms.breadcrumbs} className="breadcrumbs">
          <ol>
            <li>
              <Link to="/">{he.navHome}</Link>
            </li>
            <li>
              <Link to="/pharms">{hePharms.listTitle}</Link>
            </li>
            <li aria-current="page">{data.pharm.name}</li>
          </ol>
        </nav>
      )}
      <PharmHeader pharm={data.pharm} />
      <WatchingNow path={`/pharms/${slug}`} />
      <Announcements items={data.announcements} />
      <PharmSlides slides={slides} />
      <PharmProducts slug={slug} search={search} onChange={onChange} />
      {data.pharm.tags.length > 0 && (
        <section className="pharm-tags" aria-label={hePharms.tags}>
          <ul className="chips">
            {data.pharm.tags.map((tag) => (
              <li key={tag.slug} className="chip">
                {tag.name}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

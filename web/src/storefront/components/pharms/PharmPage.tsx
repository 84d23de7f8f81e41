import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { pharmDescription } from '../../../kit/lib/structured-data';
import { HomeBreadcrumbs } from '../../../kit/ui/Breadcrumbs';
import { useDocumentTitle } from '../../../kit/lib/use-document-title';
import { pharmQuery, pharmSlidesQuery } from '../../../kit/queries/pharms';
import type { ListPatch } from '../products/ListFilters';
import { Announcements } from './Announcements';
import { PharmHeader } from './PharmHeader';
import { WatchingNow } from '../presence/WatchingNow';
import { PharmProducts } from './PharmProducts';
import { PharmSlides } from './PharmSlides';
import type { PharmPageSearch } from '../../search-params/pharm-page-search';
import './pharms.css';

/**
 * The pharmacy page (and its embed): breadcrumbs, header card, announcements, slides, its products (its tags are
 * in the footer: the route's loader gives them). The route
 * loads the pharmacy and its slides before drawing it (its loading, failure and 404 screens are the route's).
 */
export function PharmPage({
  slug,
  search,
  onChange,
  embed = false,
}: {
  slug: string;
  search: PharmPageSearch;
  onChange: (patch: ListPatch, replace?: boolean) => void;
  embed?: boolean;
}) {
  const { data } = useSuspenseQuery(pharmQuery(slug));
  // A failed answer leaves the page without slides.
  const slides = useQuery(pharmSlidesQuery(slug)).data?.slides ?? [];
  useDocumentTitle(data.pharm.seoTitle ?? data.pharm.name, pharmDescription(data.pharm));

  return (
    <div className={`pharm-page${embed ? ' is-embed' : ''}`}>
      {!embed && (
        <HomeBreadcrumbs current={data.pharm.name}>
          <li>
            <Link to="/pharms">{hePharms.listTitle}</Link>
          </li>
        </HomeBreadcrumbs>
      )}
      <PharmHeader pharm={data.pharm} />
      <WatchingNow path={`/pharms/${slug}`} />
      <Announcements items={data.announcements} />
      <PharmSlides slides={slides} />
      <PharmProducts slug={slug} search={search} onChange={onChange} />
    </div>
  );
}

import { formatShekels, type SocialGroup } from '@mc/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { heContent } from '../../kit/i18n/he-content';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { socialGroupsQuery } from '../queries/content';
import './legal.css';

/** Groups by region, in the order the API gave the regions. */
export function groupsByRegion(groups: SocialGroup[]): [string, SocialGroup[]][] {
  const regions = new Map<string, SocialGroup[]>();
  for (const group of groups) regions.set(group.region, [...(regions.get(group.region) ?? []), group]);
  return [...regions];
}

function GroupCard({ group }: { group: SocialGroup }) {
  const city = group.city ?? heContent.allCities;
  return (
    <article className="card social-group">
      <h3 className="social-group-title">{city}</h3>
      <dl className="social-group-facts">
        <div>
          <dt>{heContent.category}</dt>
          <dd>{group.category ?? heContent.allCategories}</dd>
        </div>
        {group.dosage && (
          <div>
            <dt>{heContent.dosage}</dt>
            <dd>
              <bdi dir="ltr">{group.dosage}</bdi>
            </dd>
          </div>
        )}
        {group.priceCap != null && (
          <div>
            <dt>{heContent.priceCap}</dt>
            <dd>
              <bdi>{formatShekels(group.priceCap)}</bdi>
            </dd>
          </div>
        )}
      </dl>
      {group.discountPercent != null && <p className="badge badge-discount">{heContent.discountPercent(group.discountPercent)}</p>}
      <a
        className="button button-primary"
        href={group.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={heContent.joinLabel(group.region, city)}
      >
        {heContent.join}
      </a>
    </article>
  );
}

export function SocialPage() {
  useDocumentTitle(heContent.socialTitle);
  // Loaded by the route: its loading and failure screens are the route's.
  const query = useSuspenseQuery(socialGroupsQuery());
  return (
    <section className="content-page" aria-labelledby="social-title">
      <h1 id="social-title">{heContent.socialTitle}</h1>
      <p className="list-lead">{heContent.socialLead}</p>
      {query.data.groups.length === 0 && <p role="status">{heContent.noGroups}</p>}
      {groupsByRegion(query.data.groups).map(([region, groups]) => (
          <section key={region} className="social-region" aria-label={region}>
            <h2>{region}</h2>
            <ul className="social-group-list">
              {groups.map((group) => (
                <li key={group.id}>
                  <GroupCard group={group} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </section>
  );
}


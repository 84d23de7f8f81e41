import { PHARM_STATES, type PharmState } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Cell, I18nProvider, Row } from 'react-aria-components';
import { DelayedSearch } from '../../kit/backoffice/search';
import { BoTable } from '../../kit/backoffice/table';
import { formatDateTime, Pager } from '../../kit/backoffice/ui';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { ChoiceSelect, StateBadge } from '../components/console';
import { formatCount } from '../components/format';
import { LoadFailed } from '../components/states';
import { heConsole } from '../i18n/he-console';
import { heManage } from '../i18n/he-manage';
import { managedPharmsQuery } from '../queries/console';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

const route = getRouteApi('/manage/pharm');
const text = heConsole.pharms;

type StateChoice = PharmState | 'all';
const STATE_OPTIONS: { id: StateChoice; label: string }[] = [
  { id: 'all', label: heConsole.allStates },
  ...PHARM_STATES.map((state) => ({ id: state, label: heConsole.states[state] })),
];

/** /manage/pharm (issue 30 §1): every pharmacy with its state, partner sync, offers and orders this month; onboard one. */
export function PharmsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const list = useQuery(managedPharmsQuery(page, search.search, search.state));
  useDocumentTitle(text.title);
  const filtered = Boolean(search.search || search.state);
  return (
    <I18nProvider locale="he-IL">
      <section className="bo mc-console" aria-labelledby="mc-pharms-title">
        <div className="bo-toolbar">
          <h1 id="mc-pharms-title" className="bo-name">{text.title}</h1>
          <Link to="/manage/pharm/new" className="button button-primary">{text.onboard}</Link>
        </div>
        <div className="mc-filters">
          <DelayedSearch
            label={text.searchLabel} placeholder={text.searchPlaceholder} value={search.search ?? ''}
            onChange={(value) => void navigate({ search: (prev) => ({ ...prev, search: value || undefined, page: undefined }), replace: true })}
          />
          <ChoiceSelect<StateChoice>
            label={text.stateLabel} value={search.state ?? 'all'} options={STATE_OPTIONS} className="mc-state-filter"
            onChange={(state) => void navigate({ search: (prev) => ({ ...prev, state: state === 'all' ? undefined : state, page: undefined }) })}
          />
        </div>
        {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
        {list.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
        {list.data && (
          <>
            <p className="visually-hidden" role="status">{heConsole.count(list.data.total)}</p>
            <BoTable
              className="bo-table" label={text.caption}
              columns={[text.columns.name, text.columns.slug, text.columns.city, text.columns.state, text.columns.partner, text.columns.offers, text.columns.orders]}
              items={list.data.pharms.map((pharm) => ({ ...pharm, id: pharm.slug }))}
              empty={filtered ? text.notFound : text.empty}
            >
              {(pharm) => (
                <Row id={pharm.slug} textValue={pharm.name}>
                  <Cell><Link to="/manage/pharm/$slug" params={{ slug: pharm.slug }}>{pharm.name}</Link></Cell>
                  <Cell><bdi dir="ltr" className="bo-num">{pharm.slug}</bdi></Cell>
                  <Cell>{pharm.city || heManage.none}</Cell>
                  <Cell><StateBadge state={pharm.state} /></Cell>
                  <Cell>
                    {pharm.partnerCode ? (
                      <span className="mc-partner">
                        <bdi dir="ltr" className="bo-num">{pharm.partnerCode}</bdi>
                        <span className="bo-muted">{pharm.partnerFeedAt ? text.lastFeed(formatDateTime(pharm.partnerFeedAt)) : text.noFeed}</span>
                      </span>
                    ) : <span className="bo-muted">{text.notSynced}</span>}
                  </Cell>
                  <Cell><span className="bo-num">{formatCount(pharm.offersCount)}</span></Cell>
                  <Cell>{pharm.ordersThisMonth === undefined ? heManage.none : <span className="bo-num">{formatCount(pharm.ordersThisMonth)}</span>}</Cell>
                </Row>
              )}
            </BoTable>
            <Pager
              page={page} total={list.data.total} perPage={list.data.perPage}
              onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
            />
          </>
        )}
      </section>
    </I18nProvider>
  );
}

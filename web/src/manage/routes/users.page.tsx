import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Cell, I18nProvider, Row } from 'react-aria-components';
import { DelayedSearch } from '../../kit/backoffice/search';
import { BoTable } from '../../kit/backoffice/table';
import { formatDate, formatPhone, Pager } from '../../kit/backoffice/ui';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { StatusBadge } from '../components/console';
import { LoadFailed } from '../components/states';
import { heConsole } from '../i18n/he-console';
import { heManage } from '../i18n/he-manage';
import { managedUsersQuery } from '../queries/console';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

const route = getRouteApi('/manage/user');
const text = heConsole.users;

/** /manage/user (issue 30 §3): the accounts, searched by name, e-mail or phone; each row opens the account. */
export function UsersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const list = useQuery(managedUsersQuery(page, search.search));
  useDocumentTitle(text.title);
  return (
    <I18nProvider locale="he-IL">
      <section className="bo mc-console" aria-labelledby="mc-users-title">
        <div className="bo-toolbar">
          <h1 id="mc-users-title" className="bo-name">{text.title}</h1>
        </div>
        <div className="mc-filters">
          <DelayedSearch
            label={text.searchLabel} placeholder={text.searchPlaceholder} value={search.search ?? ''}
            onChange={(value) => void navigate({ search: (prev) => ({ ...prev, search: value || undefined, page: undefined }), replace: true })}
          />
        </div>
        {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
        {list.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
        {list.data && (
          <>
            <p className="visually-hidden" role="status">{heConsole.count(list.data.total)}</p>
            <BoTable
              className="bo-table" label={text.caption}
              columns={[text.columns.name, text.columns.email, text.columns.phone, text.columns.status, text.columns.role, text.columns.created]}
              items={list.data.users} empty={search.search ? text.notFound : text.empty}
            >
              {(user) => (
                <Row id={user.id} textValue={`${user.firstName} ${user.lastName}`}>
                  <Cell><Link to="/manage/user/$id" params={{ id: String(user.id) }}>{`${user.firstName} ${user.lastName}`.trim() || user.email}</Link></Cell>
                  <Cell><bdi dir="ltr">{user.email}</bdi></Cell>
                  <Cell>{user.phone ? <bdi className="bo-num">{formatPhone(user.phone)}</bdi> : heManage.none}</Cell>
                  <Cell><StatusBadge status={user.status} /></Cell>
                  <Cell>{heConsole.roles[user.role] ?? user.role}</Cell>
                  <Cell><span className="bo-num">{formatDate(user.createdAt)}</span></Cell>
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

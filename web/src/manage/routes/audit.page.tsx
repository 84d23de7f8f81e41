import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Cell, I18nProvider, Row } from 'react-aria-components';
import { DelayedSearch } from '../../kit/backoffice/search';
import { BoTable } from '../../kit/backoffice/table';
import { hePharms } from '../../kit/i18n/he-pharms';
import { formatDateTime, Pager } from '../../kit/backoffice/ui';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { ChoiceSelect } from '../components/console';
import { LoadFailed } from '../components/states';
import { heConsole } from '../i18n/he-console';
import { heManage } from '../i18n/he-manage';
import { auditQuery } from '../queries/console';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

const route = getRouteApi('/manage/audit');
const text = heConsole.audit;

type ActionChoice = AuditAction | 'all';
const ACTION_OPTIONS: { id: ActionChoice; label: string }[] = [
  { id: 'all', label: text.allActions },
  ...AUDIT_ACTIONS.map((action) => ({ id: action, label: heConsole.actions[action] })),
];

const VALUE_NAMES: Record<string, Record<string, string>> = { state: heConsole.states, status: heConsole.statuses, role: heConsole.roles, shipping: hePharms.shipping };

/** One value of a change, short: a state in Hebrew, a list or an object as compact text. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return text.nothing;
  if (typeof value === 'string') return VALUE_NAMES[field]?.[value] ?? value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 80 ? `${json.slice(0, 79)}…` : json;
}

/** The fields an action changed, each `field: before → after` (only `after` for what was created, only `before` for what was removed). */
function Change({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!fields.length) return <span className="bo-muted">{text.nothing}</span>;
  return (
    <ul className="mc-change">
      {fields.map((field) => {
        const before = entry.before && field in entry.before ? formatValue(field, entry.before[field]) : null;
        const after = entry.after && field in entry.after ? formatValue(field, entry.after[field]) : null;
        return (
          <li key={field}>
            <span className="mc-change-field">{text.fields[field] ?? field}: </span>
            {before !== null && <bdi>{before}</bdi>}
            {before !== null && after !== null && <><span aria-hidden="true"> ← </span><span className="visually-hidden"> {text.becomes} </span></>}
            {after !== null && <bdi>{after}</bdi>}
          </li>
        );
      })}
    </ul>
  );
}

/** The target of an action, linked where the console has a page for it. */
function Target({ entry }: { entry: AuditEntry }) {
  const label = entry.targetLabel ?? entry.targetId;
  const kind = heConsole.targets[entry.targetKind];
  let named = <bdi>{label}</bdi>;
  if (entry.targetKind === 'pharmacy') named = <Link to="/manage/pharm/$slug" params={{ slug: entry.targetId }}>{label}</Link>;
  else if (entry.targetKind === 'company') named = <Link to="/manage/cannabis-company/$slug" params={{ slug: entry.targetId }}>{label}</Link>;
  else if (entry.targetKind === 'user' && /^\d+$/.test(entry.targetId)) named = <Link to="/manage/user/$id" params={{ id: entry.targetId }}>{label}</Link>;
  else if (entry.targetKind === 'order') named = <bdi>{`#${entry.targetId}`}{entry.targetLabel ? ` · ${entry.targetLabel}` : ''}</bdi>;
  return <span className="mc-target"><span className="bo-muted">{kind}</span> {named}</span>;
}

/**
 * /manage/audit (issue 30 §4): every admin action and every admin opening of a back office, newest first, with the
 * ID-number readings of orders; searched (the search stays in the address, `?search=`) and filtered by action.
 */
export function AuditPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const list = useQuery(auditQuery(page, search.search, search.action));
  useDocumentTitle(text.title);
  const filtered = Boolean(search.search || search.action);
  return (
    <I18nProvider locale="he-IL">
      <section className="bo mc-console" aria-labelledby="mc-audit-title">
        <div className="bo-toolbar">
          <h1 id="mc-audit-title" className="bo-name">{text.title}</h1>
        </div>
        <div className="mc-filters">
          <DelayedSearch
            label={text.searchLabel} placeholder={text.searchPlaceholder} value={search.search ?? ''}
            onChange={(value) => void navigate({ search: (prev) => ({ ...prev, search: value || undefined, page: undefined }), replace: true })}
          />
          <ChoiceSelect<ActionChoice>
            label={text.actionLabel} value={search.action ?? 'all'} options={ACTION_OPTIONS} className="mc-action-filter"
            onChange={(action) => void navigate({ search: (prev) => ({ ...prev, action: action === 'all' ? undefined : action, page: undefined }) })}
          />
        </div>
        {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
        {list.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
        {list.data && (
          <>
            <p className="visually-hidden" role="status">{heConsole.count(list.data.total)}</p>
            <BoTable
              className="bo-table mc-audit-table" label={text.caption}
              columns={[text.columns.at, text.columns.actor, text.columns.action, text.columns.target, text.columns.change]}
              items={list.data.entries} empty={filtered ? text.notFound : text.empty}
            >
              {(entry) => (
                <Row id={entry.id} textValue={`${formatDateTime(entry.at)} ${heConsole.actions[entry.action] ?? entry.action}`}>
                  <Cell><time dateTime={entry.at} className="bo-num">{formatDateTime(entry.at)}</time></Cell>
                  <Cell>
                    {entry.actor
                      ? <Link to="/manage/user/$id" params={{ id: String(entry.actor.id) }}>{entry.actor.name || entry.actor.email}</Link>
                      : <span className="bo-muted">{text.system}</span>}
                  </Cell>
                  <Cell>{heConsole.actions[entry.action] ?? entry.action}</Cell>
                  <Cell><Target entry={entry} /></Cell>
                  <Cell><Change entry={entry} /></Cell>
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

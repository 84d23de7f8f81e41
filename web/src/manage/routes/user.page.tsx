import type { ManagedUser } from '@mc/contracts';
import { ManageMessages } from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Button, I18nProvider } from 'react-aria-components';
import { isApiError } from '../../kit/api/client';
import { Alert, ConfirmDialog, formatDateTime, formatPhone, useFlash } from '../../kit/backoffice/ui';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { ErrorPage } from '../../kit/ui/ErrorPage';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { RoutePending } from '../../kit/ui/RouteStates';
import { errorText, StatusBadge } from '../components/console';
import { formatCount } from '../components/format';
import { heConsole } from '../i18n/he-console';
import { heManage } from '../i18n/he-manage';
import { blockUser, managedUserQuery, resendActivation, unblockUser, usersKey } from '../queries/console';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

const text = heConsole.user;
const nameOf = (user: ManagedUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * /manage/user/{id} (issue 30 §3): the account's state, sign-in methods, memberships and order count (never an ID
 * number or a document); block and unblock (asked first: a blocked account's sessions end and it cannot sign in),
 * and the activation e-mail again while it is pending.
 */
export function UserPage() {
  const { id } = useParams({ from: '/manage/user/$id' });
  const userId = Number(id);
  const queryClient = useQueryClient();
  const query = useQuery(managedUserQuery(userId));
  const [flash, setFlash] = useFlash();
  const [asking, setAsking] = useState<'block' | 'unblock' | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(query.data ? nameOf(query.data) : heConsole.users.title);

  if (query.isPending) return <RoutePending />;
  if (query.isError) return isApiError(query.error) && query.error.status === 404 ? <NotFoundPage /> : <ErrorPage error={query.error} />;
  const user = query.data;

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      setFlash({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
      setAsking(null);
      heading.current?.focus();
    }
  };
  const toggleBlock = (block: boolean) =>
    act(async () => {
      const next = await (block ? blockUser(userId) : unblockUser(userId));
      // The order count is order's (the gateway adds it); an answer without it keeps the one shown.
      queryClient.setQueryData(managedUserQuery(userId).queryKey, { ...next, ordersCount: next.ordersCount ?? user.ordersCount });
      void queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
      setFlash({ kind: 'success', text: block ? ManageMessages.blocked : ManageMessages.unblocked });
    });
  const resend = () =>
    act(async () => {
      await resendActivation(userId);
      setFlash({ kind: 'success', text: ManageMessages.activationResent });
    });

  const none = <span className="bo-muted">{heManage.none}</span>;
  return (
    <I18nProvider locale="he-IL">
      <div className="bo mc-console">
        <header className="bo-card">
          <div className="bo-card-text">
            <div className="mc-title">
              <h1 className="bo-name" ref={heading} tabIndex={-1}>{nameOf(user)}</h1>
              <StatusBadge status={user.status} />
            </div>
            <p className="bo-address"><bdi dir="ltr">{user.email}</bdi></p>
          </div>
          <nav className="mc-card-links" aria-label={text.links}>
            <Link to="/manage/user">{text.all}</Link>
            <Link to="/manage/audit" search={{ search: user.email }}>{text.audit}</Link>
          </nav>
        </header>
        <Alert flash={flash} />
        <div className="bo-actions mc-user-actions">
          {user.status === 'disabled'
            ? <Button className="button" isDisabled={busy} onPress={() => setAsking('unblock')}>{text.unblock}</Button>
            : user.role !== 'admin' && <Button className="button button-danger" isDisabled={busy} onPress={() => setAsking('block')}>{text.block}</Button>}
          {user.status === 'pending' && <Button className="button" isDisabled={busy} onPress={() => void resend()}>{text.resend}</Button>}
        </div>
        <section className="bo-section bo-panel" aria-labelledby="mc-user-details">
          <h2 id="mc-user-details" className="bo-section-title">{heConsole.pharm.details}</h2>
          <dl className="bo-details">
            <dt>{text.status}</dt><dd><StatusBadge status={user.status} /></dd>
            <dt>{text.role}</dt><dd>{heConsole.roles[user.role] ?? user.role}</dd>
            <dt>{text.email}</dt><dd><bdi dir="ltr">{user.email}</bdi></dd>
            <dt>{text.phone}</dt><dd>{user.phone ? <bdi className="bo-num">{formatPhone(user.phone)}</bdi> : none}</dd>
            <dt>{text.methods}</dt>
            <dd>{user.signInMethods.length ? user.signInMethods.map((m) => heConsole.methods[m] ?? m).join(', ') : text.noMethods}</dd>
            <dt>{text.orders}</dt><dd>{user.ordersCount === undefined ? none : <span className="bo-num">{formatCount(user.ordersCount)}</span>}</dd>
            <dt>{text.created}</dt><dd><span className="bo-num">{formatDateTime(user.createdAt)}</span></dd>
            <dt>{text.lastSigned}</dt><dd>{user.lastSignedAt ? <span className="bo-num">{formatDateTime(user.lastSignedAt)}</span> : text.never}</dd>
          </dl>
        </section>
        <section className="bo-section bo-panel" aria-labelledby="mc-user-memberships">
          <h2 id="mc-user-memberships" className="bo-section-title">{text.memberships}</h2>
          {user.memberships.length ? (
            <ul className="mc-memberships">
              {user.memberships.map((m) => (
                <li key={`${m.kind}:${m.slug}`}>
                  {m.kind === 'pharmacy'
                    ? <Link to="/manage/pharm/$slug" params={{ slug: m.slug }}>{m.name}</Link>
                    : <Link to="/manage/cannabis-company/$slug" params={{ slug: m.slug }}>{m.name}</Link>}
                  <span className="bo-muted"> ({m.kind === 'pharmacy' ? text.pharmacy : text.company})</span>
                </li>
              ))}
            </ul>
          ) : <p className="bo-muted">{text.noMemberships}</p>}
        </section>
        <ConfirmDialog
          isOpen={asking !== null}
          message={asking === 'block' ? text.confirmBlock(nameOf(user)) : text.confirmUnblock(nameOf(user))}
          confirmLabel={asking === 'block' ? text.confirmBlockButton : text.confirmUnblockButton}
          busy={busy}
          onConfirm={() => void toggleBlock(asking === 'block')}
          onCancel={() => setAsking(null)}
        />
      </div>
    </I18nProvider>
  );
}

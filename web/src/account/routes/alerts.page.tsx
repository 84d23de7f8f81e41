import { AlertMessages, AlertUnsubscribeDto, Messages, type PriceAlert, type PriceAlertsResponse } from '@mc/contracts';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../kit/api/client';
import { useSession } from '../../kit/auth/use-session';
import { heAlerts } from '../../kit/i18n/he-alerts';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { alertsKey, alertsQuery, removeAlert, unsubscribeAlert } from '../../kit/queries/alerts';
import { Shekels } from '../../kit/ui/Price';
import '../../kit/auth/auth.css';
import '../components/alerts.css';

const list = heAlerts.list;

/** /user/alerts: the patient's alerts (issue 31), or an empty state saying where they are made. */
export function UserAlertsPage() {
  useDocumentTitle(list.title);
  const session = useSession();
  // Signed out on the page: home.
  if (!session) return <Navigate to="/" />;
  return <Alerts userId={session.claims.sub} />;
}

/** Loaded by the route: its loading and failure screens are the route's. */
function Alerts({ userId }: { userId: string }) {
  const { data } = useSuspenseQuery(alertsQuery(userId));
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const remove = useMutation({
    mutationFn: (alert: PriceAlert) => removeAlert(alert.id),
    onSuccess: (_answer, alert) => {
      queryClient.setQueryData<PriceAlertsResponse>(alertsKey(userId), (old) => (old ? { alerts: old.alerts.filter((a) => a.id !== alert.id) } : old));
      void queryClient.invalidateQueries({ queryKey: alertsKey(userId) });
      setNotice({ kind: 'done', text: AlertMessages.removed });
      // Its button is gone: the heading takes the focus, the notice under it is read.
      heading.current?.focus();
    },
    onError: (error) => setNotice({ kind: 'failed', text: error.message || Messages.generic }),
  });
  const { alerts } = data;
  return (
    <section className="card account-card alerts-page" aria-labelledby="alerts-title">
      <h1 id="alerts-title" ref={heading} tabIndex={-1}>
        {list.title}
        {alerts.length > 0 && <span className="alerts-count"> ({list.count(alerts.length)})</span>}
      </h1>
      <div className="alerts-notice" role="status">
        {notice?.kind === 'done' && <p className="alerts-notice-done">{notice.text}</p>}
      </div>
      {notice?.kind === 'failed' && <p className="form-error" role="alert">{notice.text}</p>}
      {alerts.length === 0 ? (
        <div className="alerts-empty">
          <p>{list.empty}</p>
          <Link to="/products" className="button button-primary">{list.toProducts}</Link>
        </div>
      ) : (
        <ul className="alert-list">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <AlertItem alert={alert} busy={remove.isPending && remove.variables?.id === alert.id} onRemove={() => remove.mutate(alert)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One alert: its product (to its page), what it waits for, where, how it is sent, the price now, and its remove button. */
function AlertItem({ alert, busy, onRemove }: { alert: PriceAlert; busy: boolean; onRemove: () => void }) {
  const nameId = `alert-${alert.id}-name`;
  return (
    <article className="alert-item" aria-labelledby={nameId}>
      <h2 id={nameId} className="alert-item-name">
        <Link to="/products/$productSlug" params={{ productSlug: alert.productSlug }}>{alert.productName}</Link>
      </h2>
      <dl className="alert-facts">
        <div>
          <dt>{list.kind}</dt>
          <dd>{heAlerts.kinds[alert.kind]}</dd>
        </div>
        {alert.kind === 'price' && (
          <div>
            <dt>{list.threshold}</dt>
            <dd>{alert.below === null ? list.anyDrop : <bdi>{list.below(alert.below)}</bdi>}</dd>
          </div>
        )}
        <div>
          <dt>{list.place}</dt>
          <dd>{alert.near ? list.near(alert.radiusKm) : list.anywhere}</dd>
        </div>
        <div>
          <dt>{list.channels}</dt>
          <dd>{alert.sms ? list.emailAndSms : list.email}</dd>
        </div>
        <div>
          <dt>{list.lowestNow}</dt>
          <dd>{alert.lowestNow === null ? list.outOfStock : <Shekels amount={alert.lowestNow} />}</dd>
        </div>
      </dl>
      <button type="button" className="button button-secondary alert-remove" disabled={busy} onClick={onRemove}>
        {busy ? list.removing : list.remove}{' '}
        <span className="visually-hidden">{list.removeOf(alert.productName)}</span>
      </button>
    </article>
  );
}

/** The e-mailed link's token (checked as the API checks it), taken out of the address bar as the page opens. */
function useUnsubscribeToken(): string | undefined {
  const { token } = getRouteApi('/alerts/unsubscribe').useSearch();
  const [kept] = useState(token);
  const navigate = useNavigate();
  useEffect(() => {
    if (token) void navigate({ to: '/alerts/unsubscribe', search: {}, replace: true });
  }, [token, navigate]);
  return kept;
}

const isValidToken = (token: string | undefined): token is string =>
  token !== undefined && validateSync(plainToInstance(AlertUnsubscribeDto, { token })).length === 0;

/**
 * /alerts/unsubscribe?token=…: removes the alert an e-mail was sent for, without signing in. Only a press on the
 * button sends the token (a scanner that opens the link removes nothing); then the API's word: removed, or why not.
 */
export function AlertUnsubscribePage() {
  const text = heAlerts.unsubscribe;
  useDocumentTitle(text.title);
  const token = useUnsubscribeToken();
  const unsubscribe = useMutation({ mutationFn: unsubscribeAlert });
  const valid = isValidToken(token);
  // A refused token is final; a failure on the way (the network, a service) may be tried again.
  const final = unsubscribe.isError && isApiError(unsubscribe.error) && unsubscribe.error.status >= 400 && unsubscribe.error.status < 500;
  return (
    <section className="card account-card alerts-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{text.title}</h1>
      {!valid ? (
        <p className="form-error" role="alert">{AlertMessages.invalidLink}</p>
      ) : unsubscribe.isSuccess ? (
        <p className="alerts-notice-done" role="status">{AlertMessages.removed}</p>
      ) : (
        <>
          {!unsubscribe.isError && <p>{text.lead}</p>}
          {unsubscribe.isError && <p className="form-error" role="alert">{unsubscribe.error.message || Messages.generic}</p>}
          {!final && (
            <button type="button" className="button button-primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? text.working : text.action}
            </button>
          )}
        </>
      )}
      <p className="alerts-home">
        <Link to="/">{text.home}</Link>
      </p>
    </section>
  );
}

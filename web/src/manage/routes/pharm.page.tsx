import type { ManagedPharm, PharmState } from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button, I18nProvider } from 'react-aria-components';
import { draftOf } from '../../kit/backoffice/hours-editor';
import { Alert, BusinessDialog, ConfirmDialog, formatDateTime, formatPhone, useFlash } from '../../kit/backoffice/ui';
import { hePharms } from '../../kit/i18n/he-pharms';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { ErrorPage } from '../../kit/ui/ErrorPage';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { RoutePending } from '../../kit/ui/RouteStates';
import { isApiError } from '../../kit/api/client';
import { errorText, StateBadge, takeCarriedFlash } from '../components/console';
import { formatCount } from '../components/format';
import { Members } from '../components/Members';
import { PharmForm } from '../components/PharmForm';
import { heConsole } from '../i18n/he-console';
import { heManage } from '../i18n/he-manage';
import { managedPharmQuery, pharmsKey, updatePharm } from '../queries/console';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

const text = heConsole.pharm;

/** The moves from each state: make live, suspend (asks first), back to onboarding. */
const MOVES: { to: PharmState; label: string }[] = [
  { to: 'live', label: text.makeLive },
  { to: 'suspended', label: text.suspend },
  { to: 'onboarding', label: text.backToOnboarding },
];

/**
 * /manage/pharm/{slug} (issue 30 §1, §2): the pharmacy's details, its state (suspending hides it from every public page
 * at once), an edit of its fields, its owners, and links to its back office and to its record.
 */
export function PharmPage() {
  const { slug } = useParams({ from: '/manage/pharm/$slug' });
  const queryClient = useQueryClient();
  const query = useQuery(managedPharmQuery(slug));
  const [flash, setFlash] = useFlash();
  const [editing, setEditing] = useState(false);
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const [moving, setMoving] = useState(false);
  const stateHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(query.data ? query.data.name : heConsole.pharms.title);
  useEffect(() => {
    const carried = takeCarriedFlash();
    if (carried) setFlash({ kind: 'success', text: carried });
  }, [setFlash]);

  if (query.isPending) return <RoutePending />;
  if (query.isError) return isApiError(query.error) && query.error.status === 404 ? <NotFoundPage /> : <ErrorPage error={query.error} />;
  const pharm = query.data;

  const saved = (next: ManagedPharm) => {
    queryClient.setQueryData(managedPharmQuery(slug).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: [...pharmsKey, 'list'] });
  };

  const move = async (state: PharmState) => {
    setMoving(true);
    try {
      saved(await updatePharm(slug, { state }));
      setFlash({ kind: 'success', text: text.stateChanged(heConsole.states[state]) });
    } catch (error) {
      setFlash({ kind: 'error', text: errorText(error) });
    } finally {
      setMoving(false);
      setConfirmSuspend(false);
      stateHeading.current?.focus();
    }
  };

  const week = draftOf(pharm.openingHours);
  const none = <span className="bo-muted">{heManage.none}</span>;
  return (
    <I18nProvider locale="he-IL">
      <div className="bo mc-console">
        <header className="bo-card">
          <div className="bo-card-text">
            <div className="mc-title">
              <h1 className="bo-name">{pharm.name}</h1>
              <StateBadge state={pharm.state} />
            </div>
            <p className="bo-address">{pharm.city && !pharm.address.includes(pharm.city) ? `${pharm.address}, ${pharm.city}` : pharm.address}</p>
          </div>
          <nav className="mc-card-links" aria-label={text.links}>
            <Link to="/manage/pharm">{text.all}</Link>
            <a href={`/business/${encodeURIComponent(pharm.slug)}`}>{text.backOffice}</a>
            <Link to="/manage/audit" search={{ search: pharm.slug }}>{text.audit}</Link>
          </nav>
        </header>
        <Alert flash={flash} />

        <section className="bo-section bo-panel" aria-labelledby="mc-state-title">
          <h2 id="mc-state-title" className="bo-section-title" ref={stateHeading} tabIndex={-1}>{text.stateTitle}</h2>
          <p>{text.stateNow(heConsole.states[pharm.state])}. {text.stateHelp[pharm.state]}</p>
          <div className="bo-actions">
            {MOVES.filter((m) => m.to !== pharm.state).map((m) => (
              <Button
                key={m.to} className={m.to === 'suspended' ? 'button button-danger' : m.to === 'live' ? 'button button-primary' : 'button'}
                isDisabled={moving} onPress={() => (m.to === 'suspended' ? setConfirmSuspend(true) : void move(m.to))}
              >
                {m.label}
              </Button>
            ))}
          </div>
          <ConfirmDialog
            isOpen={confirmSuspend} message={text.confirmSuspend(pharm.name)} confirmLabel={text.confirmSuspendButton} busy={moving}
            onConfirm={() => void move('suspended')} onCancel={() => setConfirmSuspend(false)}
          />
        </section>

        <div className="bo-dashboard-columns">
          <section className="bo-section bo-panel" aria-labelledby="mc-details-title">
            <div className="bo-toolbar">
              <h2 id="mc-details-title" className="bo-section-title">{text.details}</h2>
              <Button className="button" onPress={() => setEditing(true)}>{text.edit}</Button>
            </div>
            <dl className="bo-details">
              <dt>{heConsole.pharms.columns.slug}</dt><dd><bdi dir="ltr">{pharm.slug}</bdi></dd>
              <dt>{text.licence}</dt><dd>{pharm.licenceNumber ? <bdi className="bo-num">{pharm.licenceNumber}</bdi> : none}</dd>
              <dt>{text.phone}</dt><dd>{pharm.phone ? <bdi className="bo-num">{formatPhone(pharm.phone)}</bdi> : none}</dd>
              <dt>{text.whatsapp}</dt><dd>{pharm.whatsapp ? <bdi className="bo-num">{formatPhone(pharm.whatsapp)}</bdi> : none}</dd>
              <dt>{text.orderEmail}</dt><dd>{pharm.orderEmail ? <bdi dir="ltr">{pharm.orderEmail}</bdi> : none}</dd>
              <dt>{text.shipping}</dt><dd>{hePharms.shipping[pharm.shipping] ?? pharm.shipping}</dd>
              <dt>{text.partner}</dt><dd>{pharm.partnerCode ? <bdi dir="ltr" className="bo-num">{pharm.partnerCode}</bdi> : heConsole.pharms.notSynced}</dd>
              <dt>{text.lastFeed}</dt><dd>{pharm.partnerFeedAt ? <span className="bo-num">{formatDateTime(pharm.partnerFeedAt)}</span> : none}</dd>
              <dt>{text.offers}</dt><dd><span className="bo-num">{formatCount(pharm.offersCount)}</span></dd>
              <dt>{text.ordersThisMonth}</dt><dd>{pharm.ordersThisMonth === undefined ? none : <span className="bo-num">{formatCount(pharm.ordersThisMonth)}</span>}</dd>
              <dt>{text.created}</dt><dd><span className="bo-num">{formatDateTime(pharm.createdAt)}</span></dd>
            </dl>
          </section>
          <section className="bo-section bo-panel" aria-labelledby="mc-hours-title">
            <h2 id="mc-hours-title" className="bo-section-title">{text.hours}</h2>
            <dl className="bo-details bo-hours">
              {week.map((slots, day) => (
                <div key={day} className="bo-hours-row">
                  <dt>{hePharms.days[day]}</dt>
                  <dd>
                    {slots.length
                      ? slots.map((s, i) => <bdi key={i} className="bo-num bo-slot">{s.opensAt}–{s.closesAt}</bdi>)
                      : <span className="bo-muted">{heConsole.hoursClosed}</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>

        <Members of={{ kind: 'pharmacy', slug: pharm.slug }} />

        <BusinessDialog title={text.editTitle} isOpen={editing} onClose={() => setEditing(false)} wide>
          <PharmForm
            pharm={pharm}
            onSubmit={(_values, changed) => updatePharm(slug, changed)}
            onDone={(next) => {
              saved(next);
              setEditing(false);
              setFlash({ kind: 'success', text: heConsole.form.saved });
            }}
            onCancel={() => setEditing(false)}
          />
        </BusinessDialog>
      </div>
    </I18nProvider>
  );
}

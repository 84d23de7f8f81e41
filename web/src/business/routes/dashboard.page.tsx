import { ShipmentsSection } from './shipments.page';
import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import {
  BusinessUpdateCommand, Messages, ORDER_STATUS_LABELS, type BusinessCard, type BusinessInfo, type BusinessStats, type OpeningHours,
  type OrderStatus,
} from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useForm, type FieldPath } from 'react-hook-form';
import { ErrorPage } from '../../kit/ui/ErrorPage';
import { wazeUrl, whatsappUrl } from '../../kit/lib/pharm-format';
import { OfferFreshness } from '../../kit/ui/Price';
import { hePharms } from '../../kit/i18n/he-pharms';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { heBusiness } from '../i18n/he-business';
import { heDashboard } from '../i18n/he-dashboard';
import { heProducts } from '../i18n/he-products';
import { draftOf, hoursErrors, sameWeek, slotList, type WeekDraft } from '../../kit/backoffice/hours-editor';
import { HoursEditor } from '../../kit/backoffice/HoursEditor';
import { confirmProduct } from '../queries/products';
import { businessInfoQuery, businessKey, saveOpeningHours, updateBusinessCard } from '../queries/business';
import { Alert, BusinessDialog, formatDateTime, formatPhone, formatShekels, type Flash, useFlash, useUnsavedChangesWarning } from '../../kit/backoffice/ui';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : Messages.generic);

/**
 * Spec 2 "Profile screen": stats, the details card, opening hours, recent open orders, the offers waiting for a confirm
 * of their price and stock (issue 17) and out-of-stock products; and,
 * as spec 2 puts it on this route too, the pharmacy's shipments (paged by `page`, edited through `editPharmShipment`).
 */
export function DashboardPage() {
  const { businessId } = useParams({ from: '/business/$businessId' });
  const info = useQuery(businessInfoQuery(businessId));
  const [flash, setFlash] = useFlash();
  useDocumentTitle(info.data ? `${heDashboard.title} · ${info.data.business.name}` : heDashboard.title);
  if (info.isPending) return null; // the layout shows the pending state for the same query
  if (info.isError) return <ErrorPage error={info.error} />;
  const data = info.data;
  return (
    <div className="bo-dashboard">
      <Alert flash={flash} />
      <StatsCards stats={data.stats} />
      {data.partnerCode && <PartnerSync partnerCode={data.partnerCode} partnerFeedAt={data.partnerFeedAt} />}
      <div className="bo-dashboard-columns">
        <DetailsCard businessId={businessId} business={data.business} onFlash={setFlash} />
        <HoursCard businessId={businessId} hours={data.openingHours} onFlash={setFlash} />
      </div>
      <OpenOrders businessId={businessId} orders={data.openOrders} />
      <AwaitingConfirm businessId={businessId} products={data.staleProducts} />
      <Stockout businessId={businessId} products={data.stockoutProducts} />
      <ShipmentsSection businessId={businessId} />
    </div>
  );
}

function StatsCards({ stats }: { stats: BusinessStats }) {
  const periods = ['today', 'week', 'month', 'all'] as const;
  return (
    <section className="bo-section" aria-labelledby="bo-stats-heading">
      <h2 id="bo-stats-heading" className="bo-section-title">{heDashboard.stats.heading}</h2>
      <ul className="bo-stats">
        {periods.map((period) => (
          <li key={period} className="bo-stat">
            <span className="bo-stat-label">{heDashboard.stats[period]}</span>
            <span className="bo-stat-value bo-num">{formatShekels(stats.ordersTotals[period].totalPrice)}</span>
            <span className="bo-stat-sub">{heDashboard.stats.orders(stats.ordersTotals[period].count)}</span>
          </li>
        ))}
        <li className="bo-stat">
          <span className="bo-stat-label">{heDashboard.stats.customers}</span>
          <span className="bo-stat-value bo-num">{stats.customersTotals.totalCount.toLocaleString('he-IL')}</span>
        </li>
        <li className="bo-stat">
          <span className="bo-stat-label">{heDashboard.stats.products}</span>
          <span className="bo-stat-value bo-num">{stats.productsTotals.totalCount.toLocaleString('he-IL')}</span>
        </li>
      </ul>
    </section>
  );
}

/** A partner-synced pharmacy: its code at the licensed-data partner and when the partner's feed last changed it. */
export function PartnerSync({ partnerCode, partnerFeedAt }: { partnerCode: string; partnerFeedAt: string | null }) {
  const t = heDashboard.partner;
  return (
    <section className="bo-section bo-panel" aria-labelledby="bo-partner-heading" aria-describedby="bo-partner-intro">
      <h2 id="bo-partner-heading" className="bo-section-title">{t.heading}</h2>
      <p id="bo-partner-intro" className="bo-muted">{t.intro}</p>
      <dl className="bo-details">
        <dt>{t.code}</dt>
        <dd><bdi className="bo-num" dir="ltr">{partnerCode}</bdi></dd>
        <dt>{t.lastFeed}</dt>
        <dd>
          {partnerFeedAt
            ? <time className="bo-num" dateTime={partnerFeedAt}>{formatDateTime(partnerFeedAt)}</time>
            : <span className="bo-muted">{t.noFeed}</span>}
        </dd>
      </dl>
    </section>
  );
}

function DetailsCard({ businessId, business, onFlash }: { businessId: string; business: BusinessCard; onFlash: (flash: Flash) => void }) {
  const [editing, setEditing] = useState(false);
  const none = <span className="bo-muted">{heDashboard.details.none}</span>;
  return (
    <section className="bo-section bo-panel" aria-labelledby="bo-details-heading">
      <div className="bo-toolbar">
        <h2 id="bo-details-heading">{heDashboard.details.heading}</h2>
        <Button className="button" data-opens-dialog onPress={() => setEditing(true)}>{heDashboard.details.edit}</Button>
      </div>
      <dl className="bo-details">
        <dt>{heDashboard.details.name}</dt>
        <dd>{business.name}</dd>
        <dt>{heDashboard.details.address}</dt>
        <dd>{business.address}, {business.city}</dd>
        <dt>{heDashboard.details.phoneNumber}</dt>
        <dd>{business.phoneNumber ? <bdi className="bo-num">{formatPhone(business.phoneNumber)}</bdi> : none}</dd>
        <dt>{heDashboard.details.whatsappNumber}</dt>
        <dd>
          {business.whatsappNumber
            ? <a href={whatsappUrl(business.whatsappNumber)} target="_blank" rel="noreferrer"><bdi className="bo-num">{formatPhone(business.whatsappNumber)}</bdi></a>
            : none}
        </dd>
        <dt>{heDashboard.details.wazeAddress}</dt>
        <dd>{business.wazeAddress ? <a href={wazeUrl(business.wazeAddress)} target="_blank" rel="noreferrer">{business.wazeAddress}</a> : none}</dd>
      </dl>
      <BusinessDialog title={heDashboard.details.dialog} isOpen={editing} onClose={() => setEditing(false)}>
        <DetailsForm
          businessId={businessId}
          business={business}
          onSaved={() => { setEditing(false); onFlash({ kind: 'success', text: heDashboard.details.saved }); }}
        />
      </BusinessDialog>
    </section>
  );
}

/** Spec 5 "Pharmacy info": name and phone required, WhatsApp and Waze optional, the address read-only. */
function DetailsForm({ businessId, business, onSaved }: { businessId: string; business: BusinessCard; onSaved: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [flash, setFlash] = useFlash();
  const form = useForm<BusinessUpdateCommand>({
    resolver: classValidatorResolver(BusinessUpdateCommand),
    defaultValues: {
      businessId, name: business.name, phoneNumber: business.phoneNumber ?? '', whatsappNumber: business.whatsappNumber ?? '', wazeAddress: business.wazeAddress ?? '',
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting);
  const submit = form.handleSubmit(async ({ businessId: _id, ...fields }) => {
    try {
      await updateBusinessCard(businessId, fields);
      form.reset(form.getValues());
      await queryClient.invalidateQueries({ queryKey: businessKey(businessId) });
      onSaved();
    } catch (error) {
      setFlash({ kind: 'error', text: errorText(error) });
    }
  });
  const field = (name: FieldPath<BusinessUpdateCommand>, label: string, props: { type?: string; dir?: 'ltr'; autoComplete?: string; required?: boolean } = {}) => (
    <div className="bo-field">
      <label htmlFor={`${id}-${name}`}>{label}{props.required && <span aria-hidden="true"> *</span>}</label>
      <input
        id={`${id}-${name}`}
        type={props.type ?? 'text'}
        dir={props.dir}
        autoComplete={props.autoComplete ?? 'off'}
        aria-required={props.required || undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...form.register(name)}
      />
      {errors[name] && <p id={`${id}-${name}-error`} className="bo-field-error">{errors[name]?.message}</p>}
    </div>
  );
  return (
    <form className="bo-form" noValidate onSubmit={(event) => void submit(event)}>
      <Alert flash={flash} />
      {field('name', heDashboard.details.name, { required: true })}
      {field('phoneNumber', heDashboard.details.phoneNumber, { type: 'tel', dir: 'ltr', required: true })}
      {field('whatsappNumber', heDashboard.details.whatsappNumber, { type: 'tel', dir: 'ltr' })}
      {field('wazeAddress', heDashboard.details.wazeAddress)}
      <div className="bo-field">
        <label htmlFor={`${id}-address`}>{heDashboard.details.address}</label>
        <input id={`${id}-address`} type="text" value={`${business.address}, ${business.city}`} readOnly aria-describedby={`${id}-address-note`} />
        <p id={`${id}-address-note`} className="bo-muted">{heDashboard.details.addressReadOnly}</p>
      </div>
      <div className="bo-actions">
        <button type="submit" className="button button-primary" disabled={!isDirty || isSubmitting}>{heBusiness.save}</button>
      </div>
    </form>
  );
}

function HoursCard({ businessId, hours, onFlash }: { businessId: string; hours: OpeningHours; onFlash: (flash: Flash) => void }) {
  const [editing, setEditing] = useState(false);
  const week = draftOf(hours);
  return (
    <section className="bo-section bo-panel" aria-labelledby="bo-hours-heading">
      <div className="bo-toolbar">
        <h2 id="bo-hours-heading">{heDashboard.hours.heading}</h2>
        <Button className="button" data-opens-dialog onPress={() => setEditing(true)}>{heDashboard.hours.edit}</Button>
      </div>
      <dl className="bo-details bo-hours">
        {week.map((slots, day) => (
          <div key={day} className="bo-hours-row">
            <dt>{hePharms.days[day]}</dt>
            <dd>
              {slots.length
                ? slots.map((s, i) => <bdi key={i} className="bo-num bo-slot">{s.opensAt}–{s.closesAt}</bdi>)
                : <span className="bo-muted">{heDashboard.hours.closed}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <BusinessDialog title={heDashboard.hours.dialog} isOpen={editing} onClose={() => setEditing(false)} wide>
        <HoursForm
          businessId={businessId}
          hours={hours}
          onSaved={() => { setEditing(false); onFlash({ kind: 'success', text: heDashboard.hours.saved }); }}
        />
      </BusinessDialog>
    </section>
  );
}

/** Spec 5 "Opening hours": a day toggles open or closed (adding or clearing slots), many slots a day, both times required. */
export function HoursForm({ businessId, hours, onSaved }: { businessId: string; hours: OpeningHours; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const stored = useMemo(() => draftOf(hours), [hours]);
  const [week, setWeek] = useState<WeekDraft>(stored);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useFlash();
  const dirty = !sameWeek(week, stored);
  const errors = hoursErrors(week);
  useUnsavedChangesWarning(dirty && !saving);

  const save = async () => {
    setSubmitted(true);
    if (errors.size) return;
    setSaving(true);
    try {
      await saveOpeningHours(businessId, slotList(week));
      await queryClient.invalidateQueries({ queryKey: businessKey(businessId) });
      setSaving(false);
      onSaved();
    } catch (error) {
      setSaving(false);
      setFlash({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <form className="bo-form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <Alert flash={flash} />
      <HoursEditor week={week} onChange={setWeek} errors={submitted ? errors : undefined} />
      <div className="bo-actions">
        <button type="submit" className="button button-primary" disabled={!dirty || saving}>{heBusiness.save}</button>
      </div>
    </form>
  );
}

const STATUS_TONE: Partial<Record<OrderStatus, string>> = { pending: 'bo-badge-warning', complete: 'bo-badge-success', canceled: 'bo-badge-danger' };

function OpenOrders({ businessId, orders }: { businessId: string; orders: BusinessInfo['openOrders'] }) {
  const t = heDashboard.openOrders;
  return (
    <section className="bo-section" aria-labelledby="bo-open-orders-heading">
      <div className="bo-toolbar">
        <h2 id="bo-open-orders-heading">{t.heading}</h2>
        <Link to="/business/$businessId/orders" params={{ businessId }}>{t.all}</Link>
      </div>
      {orders.length === 0 ? <p className="bo-empty">{t.empty}</p> : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <thead>
              <tr><th scope="col">{t.id}</th><th scope="col">{t.createdAt}</th><th scope="col">{t.customer}</th><th scope="col">{t.productsCount}</th><th scope="col">{t.total}</th><th scope="col">{t.status}</th></tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className="bo-num"><Link to="/business/$businessId/orders" params={{ businessId }} search={{ search: String(order.id) }}>{order.id}</Link></td>
                  <td className="bo-num">{formatDateTime(order.createdAt)}</td>
                  <td>{order.firstName} {order.lastName}</td>
                  <td className="bo-num">{order.productsCount}</td>
                  <td className="bo-num">{formatShekels(order.totalPrice)}</td>
                  <td><span className={`bo-badge ${STATUS_TONE[order.status] ?? 'bo-badge-muted'}`}>{ORDER_STATUS_LABELS[order.status]}</span></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const productsSearch = (editPharmProduct?: number) => ({ editPharmProduct, createSearch: undefined, createPage: undefined });

/** A dashboard row's product (linked to its edit dialog, its English name beside) and price cells. */
function ProductCells({ businessId, row }: { businessId: string; row: BusinessInfo['stockoutProducts'][number] }) {
  const { product } = row;
  return (
    <>
      <td>
        <Link to="/business/$businessId/products" params={{ businessId }} search={productsSearch(row.id)}>{product.name}</Link>
        {product.info.engName && product.info.engName !== product.name && <> <bdi className="bo-muted" dir="ltr">{product.info.engName}</bdi></>}
      </td>
      <td className="bo-num">{formatShekels(row.totalPrice)}</td>
    </>
  );
}

/**
 * Issue 17: published offers stale or going stale within OFFER_CONFIRM_DUE_WITHIN_HOURS, each with the products page's
 * confirm; a confirmed row leaves the list as the dashboard is read again. A partner-locked offer is the feed's to confirm.
 */
export function AwaitingConfirm({ businessId, products }: { businessId: string; products: BusinessInfo['staleProducts'] }) {
  const t = heDashboard.awaitingConfirm;
  const queryClient = useQueryClient();
  const [flash, setFlash] = useFlash();
  const [confirming, setConfirming] = useState<number | null>(null);
  const confirm = async (id: number) => {
    setConfirming(id);
    try {
      await confirmProduct(businessId, id);
      await queryClient.invalidateQueries({ queryKey: businessKey(businessId) });
      setFlash({ kind: 'success', text: heProducts.confirmedMessage });
    } catch (error) {
      setFlash({ kind: 'error', text: errorText(error) });
    } finally {
      setConfirming(null);
    }
  };
  return (
    <section className="bo-section bo-awaiting-confirm" aria-labelledby="bo-awaiting-confirm-heading" aria-describedby="bo-awaiting-confirm-intro">
      <div className="bo-toolbar">
        <h2 id="bo-awaiting-confirm-heading">{t.heading}</h2>
        <Link to="/business/$businessId/products" params={{ businessId }} search={productsSearch()}>{t.all}</Link>
      </div>
      <p id="bo-awaiting-confirm-intro" className="bo-muted">{t.intro}</p>
      <Alert flash={flash} />
      {products.length === 0 ? <p className="bo-empty">{t.empty}</p> : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <thead>
              <tr><th scope="col">{t.product}</th><th scope="col">{t.price}</th><th scope="col">{t.confirmedAt}</th><th scope="col">{t.actions}</th></tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id}>
                  <ProductCells businessId={businessId} row={p} />
                  <td><OfferFreshness confirmedAt={Date.parse(p.confirmedAt)} stale={p.stale} /></td>
                  <td>
                    {p.isYarpaLocked
                      ? <span className="bo-badge bo-badge-muted">{t.locked}</span>
                      : (
                        <Button
                          className="button button-small" aria-label={t.confirmFor(p.product.name)}
                          isDisabled={confirming !== null} onPress={() => void confirm(p.id)}
                        >
                          {heProducts.confirm}
                        </Button>
                      )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Stockout({ businessId, products }: { businessId: string; products: BusinessInfo['stockoutProducts'] }) {
  const t = heDashboard.stockout;
  return (
    <section className="bo-section" aria-labelledby="bo-stockout-heading">
      <div className="bo-toolbar">
        <h2 id="bo-stockout-heading">{t.heading}</h2>
        <Link to="/business/$businessId/products" params={{ businessId }} search={productsSearch()}>{t.all}</Link>
      </div>
      {products.length === 0 ? <p className="bo-empty">{t.empty}</p> : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <thead><tr><th scope="col">{t.product}</th><th scope="col">{t.price}</th></tr></thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id}>
                  <ProductCells businessId={businessId} row={p} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

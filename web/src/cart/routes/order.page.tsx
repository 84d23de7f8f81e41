import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { AddressDto, CheckoutDetailsDto, Messages, type Address, type Quote } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { sessions } from '../../kit/auth/session';
import { useSession } from '../../kit/auth/use-session';
import { useUserInfo } from '../../kit/auth/user-info';
import { cartLines, groupByPharm, summarize } from '../../kit/cart/cart-lines';
import '../../kit/cart/cart.css';
import { serverBackend } from '../../kit/cart/server-cart';
import { useCart, useCartStore } from '../../kit/cart/use-cart';
import { useCartQuote } from '../queries/use-cart-quote';
import { track } from '../../kit/lib/analytics';
import { createOrder, fetchQuote, isIdenticalOrder, LAST_ORDER_BATCH_KEY, type QuoteRequest } from '../queries/checkout-api';
import '../components/checkout.css';
import { appliedCoupons, useAppliedCoupons } from '../queries/coupons';
import { CouponBox } from '../components/CouponBox';
import { couponsEnabled } from '../../kit/lib/features';
import { DetailsFields, DetailsSummary, FAKE_ID_NUMBER, fakeIdEnabled } from '../components/DetailsStep';
import { quoteRequest, ShipmentStep, type AddressChoice, type CheckoutPharm, type ShipmentChoice } from '../components/ShipmentStep';
import { Shekels } from '../../kit/ui/Price';
import { useDebouncedValue } from '../../kit/lib/use-debounced-value';
import '../../kit/forms/forms.css';
import { he } from '../../kit/i18n/he';
import { heCheckout } from '../he-checkout';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { resolveCartQuery } from '../queries/cart';
import { Deduction } from '../../kit/cart/Deduction';

/** The quote is asked once the choices have stayed the same this long (quick clicks make one request). */
export const QUOTE_DEBOUNCE_MS = 400;

type Failure = { kind: 'identical' } | { kind: 'error'; message: string };

/** Spec 4: the cart this page orders is the server's, read afresh (the session's cart may not be loaded yet). */
function useCheckoutCart() {
  const store = useCartStore();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    store.switchTo(serverBackend).then(
      () => live && setState('ready'),
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
  }, [store, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function IdenticalOrder() {
  return (
    <section className="state-panel card" role="alert" aria-labelledby="identical-title">
      <h2 id="identical-title" className="state-title">
        {heCheckout.identicalTitle}
      </h2>
      <p className="state-text">{heCheckout.identicalLead}</p>
      <div className="state-actions">
        <Link to="/cart" className="button button-primary">
          {heCheckout.backToCart}
        </Link>
      </div>
    </section>
  );
}

function OrderFailed({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <section className="state-panel card" role="alert" aria-labelledby="order-failed-title">
      <h2 id="order-failed-title" className="state-title">
        {heCheckout.orderFailedTitle}
      </h2>
      <p className="state-text">{message}</p>
      <div className="state-actions">
        <button type="button" className="button button-primary" onClick={onBack}>
          {he.retry}
        </button>
        <Link to="/cart" className="button button-secondary">
          {heCheckout.backToCart}
        </Link>
      </div>
    </section>
  );
}

/** /order: signed-in users only; the route's loader has the user info (the details' defaults, the saved addresses). */
export function OrderPage() {
  useDocumentTitle(heCheckout.title);
  const session = useSession();
  if (!session) return <Navigate to="/" />;
  return <Checkout />;
}

function Checkout() {
  const { items } = useCart();
  const cart = useCheckoutCart();
  const resolved = useQuery({ ...resolveCartQuery(items), enabled: cart.state === 'ready' && items.length > 0 });
  const userInfo = useUserInfo();
  const [phase, setPhase] = useState<'form' | 'placing' | 'placed'>('form');

  // begin_checkout once, when the page opens with a cart.
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current || cart.state !== 'ready' || !items.length) return;
    begun.current = true;
    track('begin_checkout');
  }, [cart.state, items.length]);

  let content;
  if (cart.state === 'error' || (resolved.isError && !resolved.data) || userInfo.isError) {
    const error = resolved.error ?? userInfo.error;
    content = (
      <OrderFailed
        message={error?.message || Messages.generic}
        onBack={() => {
          if (cart.state === 'error') cart.retry();
          void resolved.refetch();
          void userInfo.refetch();
        }}
      />
    );
  } else if (cart.state === 'ready' && !items.length && phase === 'form') {
    return <Navigate to="/cart" />;
  } else if (cart.state === 'loading' || !resolved.data || !userInfo.data) {
    content = (
      <p className="list-loading" role="status">
        {heCheckout.loading}
      </p>
    );
  } else {
    content = <CheckoutForm lines={cartLines(items, resolved.data.items)} addresses={userInfo.data.addresses} user={userInfo.data.user} phase={phase} setPhase={setPhase} />;
  }
  return (
    <div className="cart-page checkout-page">
      <h1>{heCheckout.title}</h1>
      {content}
      <p>
        <Link to="/cart">{heCheckout.backToCart}</Link>
      </p>
    </div>
  );
}

function CheckoutForm({ lines, addresses, user, phase, setPhase }: {
  lines: ReturnType<typeof cartLines>;
  addresses: Address[];
  user: { firstName: string; lastName: string; email: string; phone: string | null };
  phase: 'form' | 'placing' | 'placed';
  setPhase: (phase: 'form' | 'placing' | 'placed') => void;
}) {
  const store = useCartStore();
  const navigate = useNavigate();
  const { items } = useCart();
  const couponCodes = useAppliedCoupons().map((c) => c.code);
  const groups = groupByPharm(lines);
  const cartSummary = summarize(lines);
  const pharms: CheckoutPharm[] = useMemo(
    () => groups.flatMap((g) => (g.pharm ? [{ slug: g.pharm.slug, name: g.pharm.name }] : [])),
    [groups.map((g) => g.pharm?.slug ?? '').join('|')],
  );

  const details = useForm<CheckoutDetailsDto>({
    resolver: classValidatorResolver(CheckoutDetailsDto),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? '',
      email: user.email ?? '',
      idNumber: fakeIdEnabled() ? FAKE_ID_NUMBER : '',
      agreeTOU: false,
      agreeDisclaimer: false,
      pharmNotes: pharms.map((p) => ({ pharmSlug: p.slug, notes: '' })),
    },
  });
  const [detailsDone, setDetailsDone] = useState(false);
  const shipmentHeading = useRef<HTMLHeadingElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);

  const [choices, setChoices] = useState<Record<string, ShipmentChoice>>({});
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0];
  const [address, setAddress] = useState<AddressChoice>(defaultAddress ? { kind: 'saved', id: defaultAddress.id } : { kind: 'new' });
  const addressForm = useForm<AddressDto>({ resolver: classValidatorResolver(AddressDto), mode: 'onTouched', defaultValues: { address: '', houseNumber: '' } });
  const addressRef = useRef<HTMLFieldSetElement>(null);
  const newAddress = addressForm.watch();

  const request = quoteRequest(pharms, choices, address, newAddress, couponCodes);
  const requestKey = request ? JSON.stringify(request) : null;
  const settledKey = useDebouncedValue(requestKey, QUOTE_DEBOUNCE_MS);
  const quote = useQuery({
    queryKey: ['checkout', 'quote', settledKey, lines.map((l) => `${l.pharmProductId}:${l.amount}`).join(',')] as const,
    queryFn: ({ signal }) => fetchQuote(JSON.parse(settledKey!) as QuoteRequest, signal),
    enabled: settledKey !== null && settledKey === requestKey && phase === 'form',
    placeholderData: keepPreviousData,
  });
  const current: Quote | undefined = settledKey === requestKey && !quote.isPlaceholderData ? quote.data : undefined;
  // Until every pharmacy's shipment is chosen, the cart's own quote (pickup, the applied coupons): the cart's figures.
  const cartQuote = useCartQuote(items, pharms.map((p) => p.slug), !current && phase === 'form');
  const rejected = current?.pharmsQuotes.some((q) => !q.pickup && q.shipping.status === 'rejected') ?? false;
  const quoting = requestKey !== null && (settledKey !== requestKey || quote.isFetching);

  const [failure, setFailure] = useState<Failure | null>(null);
  const quoteFailure: Failure | null = quote.isError && settledKey === requestKey
    ? isIdenticalOrder(quote.error) ? { kind: 'identical' } : { kind: 'error', message: quote.error.message || Messages.generic }
    : null;

  const finishDetails = () =>
    void details.handleSubmit(() => {
      setDetailsDone(true);
      requestAnimationFrame(() => shipmentHeading.current?.focus());
    })();

  const choose = (slug: string, choice: ShipmentChoice) => setChoices((old) => ({ ...old, [slug]: choice }));

  const place = async () => {
    // Everything checked again, the first problem focused.
    if (!(await details.trigger(undefined, { shouldFocus: false }))) {
      setDetailsDone(false);
      requestAnimationFrame(() => void details.handleSubmit(() => undefined)());
      return;
    }
    const unchosen = pharms.find((p) => !choices[p.slug]);
    if (unchosen) {
      document.querySelector<HTMLInputElement>(`[data-pharm="${CSS.escape(unchosen.slug)}"] input`)?.focus();
      return;
    }
    if (address.kind === 'new' && pharms.some((p) => choices[p.slug] === 'delivery') && !(await addressForm.trigger(undefined, { shouldFocus: true }))) return;
    if (!request || !current || rejected) return;
    const values = details.getValues();
    guard.current = false;
    setPhase('placing');
    try {
      const batch = await store.whileLocked(async (locked) => {
        const placed = await createOrder(
          {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            phone: values.phone.trim(),
            email: values.email.trim(),
            agreeTOU: values.agreeTOU,
            agreeDisclaimer: values.agreeDisclaimer,
            pharmNotes: values.pharmNotes,
          },
          values.idNumber.trim(),
          request,
        );
        // The server dropped the ordered lines: the cart shown is the server's again.
        await locked.reload().catch(() => locked.replace([]));
        return placed;
      });
      try {
        sessionStorage.setItem(LAST_ORDER_BATCH_KEY, batch.uid);
      } catch {
        // Storage refused: the address names the batch all the same.
      }
      appliedCoupons.clear();
      track('purchase');
      guard.current = false;
      setPhase('placed');
      void navigate({ to: '/order/completed', search: { batch: batch.uid } });
    } catch (error) {
      setPhase('form');
      setFailure(isIdenticalOrder(error) ? { kind: 'identical' } : { kind: 'error', message: error instanceof Error && error.message ? error.message : Messages.generic });
    }
  };

  const stopped = failure ?? quoteFailure;

  // Spec 5: a dirty checkout form warns before leaving (the browser's own prompt, and the router's navigations);
  // not once the order is on its way, nor from the identical-order or failure views, nor after signing out.
  const dirty = details.formState.isDirty || Object.keys(choices).length > 0 || addressForm.formState.isDirty;
  const guard = useRef(false);
  guard.current = dirty && phase === 'form' && stopped === null;
  const blocking = () => guard.current && sessions.get() !== null;
  useBlocker({
    shouldBlockFn: () => blocking() && !window.confirm(heCheckout.leaveWarning),
    enableBeforeUnload: blocking,
  });

  if (stopped?.kind === 'identical') return <IdenticalOrder />;
  if (failure?.kind === 'error') return <OrderFailed message={failure.message} onBack={() => setFailure(null)} />;

  // A rejected delivery has no price yet: the summary does not call it free; nor does the cart's pickup quote.
  const shown = current ?? cartQuote.data;
  const summary = shown
    ? { itemsCount: shown.cart.itemsCount, originalTotal: shown.cart.totalOriginalPrice, discounts: shown.cart.totalDiscounts, shipping: current && !rejected ? current.shipping.price : null, total: shown.totalPrice }
    : null;

  return (
    <div className="cart-layout checkout-layout">
      <div className="checkout-steps">
        <section className="card checkout-step" aria-labelledby="checkout-details-title">
          <h2 id="checkout-details-title" ref={detailsHeading} tabIndex={-1}>
            {heCheckout.detailsStep}
          </h2>
          {detailsDone ? (
            <DetailsSummary values={details.getValues()} onEdit={() => {
              setDetailsDone(false);
              requestAnimationFrame(() => details.setFocus('firstName'));
            }} />
          ) : (
            <form className="contact-form" noValidate onSubmit={(e) => {
              e.preventDefault();
              finishDetails();
            }}>
              <DetailsFields form={details} pharms={pharms} />
              <button type="submit" className="button button-primary">
                {heCheckout.continue}
              </button>
            </form>
          )}
        </section>
        {detailsDone && (
          <section className="card checkout-step" aria-labelledby="checkout-shipment-title">
            <h2 id="checkout-shipment-title" ref={shipmentHeading} tabIndex={-1}>
              {heCheckout.shipmentStep}
            </h2>
            <ShipmentStep
              pharms={pharms}
              choices={choices}
              onChoose={choose}
              addresses={addresses}
              address={address}
              onAddress={setAddress}
              addressForm={addressForm}
              quotes={current?.pharmsQuotes ?? null}
              onRetry={() => void quote.refetch()}
              addressRef={addressRef}
            />
            {quoteFailure?.kind === 'error' && (
              <div className="checkout-reject" role="alert">
                <p className="form-error">{quoteFailure.message}</p>
                <button type="button" className="button button-secondary" onClick={() => void quote.refetch()}>
                  {heCheckout.tryAgain}
                </button>
              </div>
            )}
          </section>
        )}
      </div>
      <aside className="card cart-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">{heCheckout.summary}</h2>
        <ul className="checkout-items">
          {lines.filter((l) => l.orderable && l.pharmProduct).map((l) => (
            <li key={l.pharmProductId}>
              <bdi>{l.pharmProduct!.product.info.hebName || l.pharmProduct!.product.name}</bdi> × {l.amount}
            </li>
          ))}
        </ul>
        {summary ? (
          <dl>
            <dt>{heCheckout.itemsCount}</dt>
            <dd>{summary.itemsCount}</dd>
            <dt>{heCheckout.originalTotal}</dt>
            <dd>
              <Shekels amount={summary.originalTotal} />
            </dd>
            {summary.discounts > 0 && (
              <>
                <dt>{heCheckout.discounts}</dt>
                <dd className="cart-summary-discounts">
                  <Deduction amount={summary.discounts} />
                </dd>
              </>
            )}
            {summary.shipping !== null && (
              <>
                <dt>{heCheckout.shipping}</dt>
                <dd>{summary.shipping === 0 ? heCheckout.freeShipping : <Shekels amount={summary.shipping} />}</dd>
              </>
            )}
            <dt className="cart-summary-total">{heCheckout.total}</dt>
            <dd className="cart-summary-total">
              <Shekels amount={summary.total} />
            </dd>
          </dl>
        ) : (
          <p className="card-meta">{heCheckout.quoting}</p>
        )}
        {couponsEnabled() && phase === 'form' && <CouponBox />}
        {cartSummary.blocked && (
          <p className="form-error" role="alert">
            {Messages.removeUnavailableItems} <Link to="/cart">{heCheckout.backToCart}</Link>
          </p>
        )}
        <p role="status" aria-live="polite" className="card-meta">
          {phase === 'placing' ? heCheckout.placing : quoting ? heCheckout.quoting : rejected ? heCheckout.fixShipmentFirst : ''}
        </p>
        <button
          type="button"
          className="button button-primary cart-checkout"
          disabled={!detailsDone || cartSummary.blocked || rejected || phase !== 'form' || (request !== null && !current)}
          onClick={() => void place()}
        >
          {phase === 'placing' ? heCheckout.placing : heCheckout.placeOrder}
        </button>
      </aside>
    </div>
  );
}

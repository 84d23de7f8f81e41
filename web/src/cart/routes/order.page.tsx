import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { AddressDto, Messages, type Address } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
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
import { track } from '../../kit/lib/analytics';
import { isIdenticalOrder } from '../queries/checkout-api';
import '../components/checkout.css';
import { IdenticalOrder, OrderFailed } from '../components/CheckoutStates';
import { CheckoutSummary } from '../components/CheckoutSummary';
import { DetailsSection, useDetailsForm } from '../components/DetailsStep';
import { ShipmentSection, type AddressChoice, type CheckoutPharm, type ShipmentChoice } from '../components/ShipmentStep';
import '../../kit/forms/forms.css';
import { heCheckout } from '../he-checkout';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { resolveCartQuery } from '../queries/cart';
import { placeOrder } from '../queries/place-order';
import { useCheckoutQuote, type CheckoutFailure } from '../queries/use-checkout-quote';

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
  const groups = groupByPharm(lines);
  const cartSummary = summarize(lines);
  const pharms: CheckoutPharm[] = useMemo(
    () => groups.flatMap((g) => (g.pharm ? [{ slug: g.pharm.slug, name: g.pharm.name }] : [])),
    [groups.map((g) => g.pharm?.slug ?? '').join('|')],
  );

  const details = useDetailsForm(user, pharms);
  const [detailsDone, setDetailsDone] = useState(false);
  const shipmentHeading = useRef<HTMLHeadingElement>(null);

  const [choices, setChoices] = useState<Record<string, ShipmentChoice>>({});
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0];
  const [address, setAddress] = useState<AddressChoice>(defaultAddress ? { kind: 'saved', id: defaultAddress.id } : { kind: 'new' });
  const addressForm = useForm<AddressDto>({ resolver: classValidatorResolver(AddressDto), mode: 'onTouched', defaultValues: { address: '', houseNumber: '' } });
  const addressRef = useRef<HTMLFieldSetElement>(null);
  const quote = useCheckoutQuote({ lines, items, pharms, choices, address, newAddress: addressForm.watch(), open: phase === 'form' });
  const { request, current, rejected } = quote;
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);

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
    guard.current = false;
    setPhase('placing');
    try {
      const batch = await placeOrder(store, details.getValues(), request);
      guard.current = false;
      setPhase('placed');
      void navigate({ to: '/order/completed', search: { batch } });
    } catch (error) {
      setPhase('form');
      setFailure(isIdenticalOrder(error) ? { kind: 'identical' } : { kind: 'error', message: error instanceof Error && error.message ? error.message : Messages.generic });
    }
  };

  const stopped = failure ?? quote.failure;
  // Spec 5: a dirty checkout form warns before leaving; not once the order is on its way, nor from the
  // identical-order or failure views.
  const dirty = details.formState.isDirty || Object.keys(choices).length > 0 || addressForm.formState.isDirty;
  const guard = useLeaveWarning(dirty && phase === 'form' && stopped === null);

  if (stopped?.kind === 'identical') return <IdenticalOrder />;
  if (failure?.kind === 'error') return <OrderFailed message={failure.message} onBack={() => setFailure(null)} />;

  return (
    <div className="cart-layout checkout-layout">
      <div className="checkout-steps">
        <DetailsSection form={details} pharms={pharms} done={detailsDone} setDone={setDetailsDone}
          onDone={() => requestAnimationFrame(() => shipmentHeading.current?.focus())} />
        {detailsDone && (
          <ShipmentSection headingRef={shipmentHeading} failure={quote.failure?.kind === 'error' ? quote.failure.message : null}
            pharms={pharms} choices={choices} onChoose={(slug, choice) => setChoices((old) => ({ ...old, [slug]: choice }))}
            addresses={addresses} address={address} onAddress={setAddress} addressForm={addressForm}
            quotes={current?.pharmsQuotes ?? null} onRetry={quote.retry} addressRef={addressRef} />
        )}
      </div>
      <CheckoutSummary
        lines={lines}
        // A rejected delivery has no price yet: the summary does not call it free; nor does the cart's pickup quote.
        shown={quote.shown}
        shipping={current && !rejected ? current.shipping.price : null}
        open={phase === 'form'}
        blocked={cartSummary.blocked}
        status={phase === 'placing' ? heCheckout.placing : quote.quoting ? heCheckout.quoting : rejected ? heCheckout.fixShipmentFirst : ''}
        placeLabel={phase === 'placing' ? heCheckout.placing : heCheckout.placeOrder}
        disabled={!detailsDone || cartSummary.blocked || rejected || phase !== 'form' || (request !== null && !current)}
        onPlace={() => void place()}
      />
    </div>
  );
}

/**
 * Spec 5: while `dirty`, leaving warns (the browser's own prompt, and the router's navigations), unless signed
 * out meanwhile. The answer lets placing the order stop the warning before the page changes.
 */
function useLeaveWarning(dirty: boolean) {
  const guard = useRef(false);
  guard.current = dirty;
  const blocking = () => guard.current && sessions.get() !== null;
  useBlocker({
    shouldBlockFn: () => blocking() && !window.confirm(heCheckout.leaveWarning),
    enableBeforeUnload: blocking,
  });
  return guard;
}

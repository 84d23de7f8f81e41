import { CART_MAX_PER_PRODUCT, Messages, type PharmQuote, type Quote } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { authDialog } from '../../kit/auth/auth-dialog';
import { useSession } from '../../kit/auth/use-session';
import { CartAlternatives } from '../components/CartAlternatives';
import { type CartLine, cartLines, type CartSummary, groupByPharm, type PharmGroup, summarize } from '../../kit/cart/cart-lines';
import { useCart, useCartStore } from '../../kit/cart/use-cart';
import { useCartQuote } from '../queries/use-cart-quote';
import '../../kit/cart/cart.css';
import { CouponBox } from '../components/CouponBox';
import { couponsEnabled } from '../../kit/lib/features';
import { ErrorView } from '../../kit/ui/ErrorView';
import { ProductImage } from '../../kit/ui/ProductImage';
import { PharmLogo } from '../../kit/ui/PharmLogo';
import { OfferPrice, Shekels, UnitPrice } from '../../kit/ui/Price';
import { he } from '../../kit/i18n/he';
import { heCart } from '../../kit/i18n/he-cart';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { resolveCartQuery } from '../queries/cart';
import { Deduction } from '../../kit/cart/Deduction';

const AMOUNTS = Array.from({ length: CART_MAX_PER_PRODUCT }, (_, i) => i + 1);

function unavailableText(line: CartLine): string {
  if (!line.pharmProduct) return heCart.gone;
  return line.pharmProduct.published ? heCart.outOfStock : heCart.unpublished;
}

function CartLineRow({ line }: { line: CartLine }) {
  const store = useCartStore();
  const [error, setError] = useState<string | null>(null);
  const offer = line.pharmProduct;
  const title = offer ? offer.product.info.hebName || offer.product.name : `#${line.pharmProductId}`;
  const run = (operation: Promise<void>) => {
    setError(null);
    operation.catch((failure: unknown) => setError(failure instanceof Error ? failure.message : Messages.generic));
  };
  return (
    <li className={`cart-line${line.orderable ? '' : ' is-unavailable'}`}>
      <div className="cart-line-media">
        <ProductImage url={offer?.product.imageUrl ?? null} alt="" />
      </div>
      <div className="cart-line-body">
        <h3 className="cart-line-title">
          {offer ? (
            <Link to="/pharms/$pharmSlug/products/$pharmProductId" params={{ pharmSlug: offer.pharm.slug, pharmProductId: String(offer.pharmProductId) }}>
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {offer?.product.info.thccbdDosage && (
          <p className="card-meta">
            <bdi dir="ltr">{offer.product.info.thccbdDosage}</bdi>
          </p>
        )}
        {line.orderable && offer ? (
          <p className="cart-line-price">
            <span className="visually-hidden">{heCart.unitPrice}: </span>
            <OfferPrice price={offer.totalPrice} original={offer.originalPrice} />
            <UnitPrice price={offer.totalPrice} product={offer.product} />
          </p>
        ) : (
          <p className="cart-line-unavailable">{unavailableText(line)}</p>
        )}
      </div>
      <div className="cart-line-actions">
        {line.orderable && (
          <select
            aria-label={heCart.amountLabel(title)}
            value={line.amount}
            onChange={(event) => run(store.update(line.pharmProductId, Number(event.target.value)))}
          >
            {AMOUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
        <button type="button" className="button button-secondary cart-line-remove" onClick={() => run(store.remove(line.pharmProductId))}>
          {heCart.remove}
          <span className="visually-hidden"> {title}</span>
        </button>
        {line.orderable && offer && (
          <p className="cart-line-total">
            <span className="visually-hidden">{heCart.lineTotal}: </span>
            <Shekels amount={(Math.round(offer.totalPrice * 100) * line.amount) / 100} />
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

function PharmGroupCard({ group, index, quote }: { group: PharmGroup; index: number; quote: PharmQuote | undefined }) {
  const headingId = `cart-group-${index}`;
  return (
    <section className="card cart-group" aria-labelledby={headingId}>
      <header className="cart-group-header">
        {group.pharm && <PharmLogo url={group.pharm.logo_url} name={group.pharm.name} size={40} />}
        <h2 id={headingId} className="cart-group-title">
          {group.pharm ? (
            <Link to="/pharms/$pharmSlug" params={{ pharmSlug: group.pharm.slug }}>
              {heCart.pharmGroup(group.pharm.name)}
            </Link>
          ) : (
            heCart.gone
          )}
        </h2>
        {group.pharm && <span className="card-meta">{group.pharm.city}</span>}
      </header>
      <ul className="cart-lines">
        {group.lines.map((line) => (
          <CartLineRow key={line.pharmProductId} line={line} />
        ))}
      </ul>
      {group.pharm && quote && (
        <p className="cart-group-subtotal">
          {heCart.pharmSubtotal}: <Shekels amount={quote.totalPrice} />
          {quote.totalDiscounts > 0 && (
            <span className="card-meta">
              {' '}
              ({heCart.includesDiscounts} <Shekels amount={quote.totalDiscounts} />)
            </span>
          )}
        </p>
      )}
    </section>
  );
}

function OrderSummary({ summary, quote, quoteFailed, onRetry }: { summary: CartSummary; quote: Quote | undefined; quoteFailed: boolean; onRetry: () => void }) {
  const signedIn = useSession() !== null;
  const navigate = useNavigate();
  // A guest signs in first, in the dialog, and stays here with the same cart (moved to the server on signing in).
  const onCheckout = () => (signedIn ? void navigate({ to: '/order' }) : authDialog.open('signIn'));
  return (
    <aside className="card cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">{heCart.summary}</h2>
      <dl>
        <dt>{heCart.itemsCount}</dt>
        <dd>{summary.itemsCount}</dd>
        <dt>{heCart.pharmsCount}</dt>
        <dd>{summary.pharmsCount}</dd>
        {quote && (
          <>
            <dt>{heCart.originalTotal}</dt>
            <dd>
              <Shekels amount={quote.cart.totalOriginalPrice} />
            </dd>
            {quote.cart.totalDiscounts > 0 && (
              <>
                <dt>{heCart.discounts}</dt>
                <dd className="cart-summary-discounts">
                  <Deduction amount={quote.cart.totalDiscounts} />
                </dd>
              </>
            )}
            <dt className="cart-summary-total">{heCart.total}</dt>
            <dd className="cart-summary-total">
              <Shekels amount={quote.totalPrice} />
            </dd>
          </>
        )}
      </dl>
      {!quote && !quoteFailed && summary.itemsCount > 0 && (
        <p className="card-meta" role="status">
          {heCart.pricing}
        </p>
      )}
      {quoteFailed && !quote && (
        <p className="form-error" role="alert">
          {heCart.pricingFailed}{' '}
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {heCart.retry}
          </button>
        </p>
      )}
      <p className="card-meta">{heCart.shippingNote}</p>
      {couponsEnabled() && <CouponBox />}
      {summary.blocked && (
        <p className="form-error" role="alert">
          {Messages.removeUnavailableItems}
        </p>
      )}
      <button
        type="button"
        className="button button-primary cart-checkout"
        disabled={summary.blocked || summary.itemsCount === 0}
        onClick={onCheckout}
      >
        {heCart.checkout}
      </button>
    </aside>
  );
}

export function CartPage() {
  useDocumentTitle(heCart.title);
  const { items } = useCart();
  const query = useQuery({ ...resolveCartQuery(items), enabled: items.length > 0 });
  const lines = query.data ? cartLines(items, query.data.items) : [];
  const groups = groupByPharm(lines);
  const pharmSlugs = groups.flatMap((g) => (g.pharm ? [g.pharm.slug] : []));
  const quote = useCartQuote(items, pharmSlugs, !!query.data);
  const pharmQuote = (slug: string | undefined) => quote.data?.pharmsQuotes.find((q) => q.pharmSlug === slug);

  let content;
  if (!items.length) {
    content = (
      <div className="cart-empty">
        <p className="cart-empty-title">{heCart.empty}</p>
        <p>{heCart.emptyLead}</p>
        <Link to="/products" className="button button-primary">
          {heCart.browse}
        </Link>
      </div>
    );
  } else if (query.isError && !query.data) {
    content = <ErrorView message={query.error.message || Messages.generic} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    content = (
      <p className="list-loading" role="status">
        {heCart.loading}
      </p>
    );
  } else {
    content = (
      <div className="cart-layout">
        <div className="cart-groups">
          {groups.map((group, index) => (
            <PharmGroupCard key={group.pharm?.slug ?? 'gone'} group={group} index={index} quote={pharmQuote(group.pharm?.slug)} />
          ))}
          <CartAlternatives currentTotal={quote.data?.pharmsCount === 1 ? quote.data.totalPrice : undefined} />
        </div>
        <OrderSummary summary={summarize(lines)} quote={quote.data} quoteFailed={quote.isError} onRetry={() => void quote.refetch()} />
      </div>
    );
  }

  return (
    <div className="cart-page">
      <h1>{heCart.title}</h1>
      {content}
      <p>
        <Link to="/">{heCart.backToSite}</Link> · <Link to="/products">{he.shell.tabs.products}</Link>
      </p>
    </div>
  );
}


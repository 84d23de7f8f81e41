import { Link } from '@tanstack/react-router';
import { he } from '../../kit/i18n/he';
import { heCheckout } from '../he-checkout';

export function IdenticalOrder() {
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

export function OrderFailed({ message, onBack }: { message: string; onBack: () => void }) {
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

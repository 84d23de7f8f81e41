import { lazy, Suspense, useId, useState } from 'react';
import { authDialog } from '../../../kit/auth/auth-dialog';
import { useSession } from '../../../kit/auth/use-session';
import { he } from '../../../kit/i18n/he';
import { heAlerts } from '../../../kit/i18n/he-alerts';
import './alerts.css';

// The form (React Aria, the contracts' validation) loads when it is opened: the page's own JavaScript stays as it was.
const AlertForm = lazy(() => import('./AlertForm'));

const text = heAlerts.form;

/**
 * "Notify me" on a product's page (issue 31): signed in, a button opens the alert form under it; signed out, the way
 * to sign in (the dialog, as the favourites' heart does), after which the button is there.
 */
export function PriceAlertSection({ productSlug, productName }: { productSlug: string; productName: string }) {
  const id = useId();
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <section className="price-alert" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">{text.title}</h2>
      <p className="price-alert-lead">{text.lead}</p>
      {!session ? (
        <p className="price-alert-signed-out">
          {text.signedOut}{' '}
          <button type="button" className="link-button" onClick={() => authDialog.open('signIn')}>{text.signIn}</button>
        </p>
      ) : (
        <>
          <button
            type="button" className="button button-secondary price-alert-open" aria-expanded={open} aria-controls={`${id}-form`}
            onClick={() => setOpen(!open)}
          >
            {open ? text.close : text.open}
            <span className="visually-hidden"> {productName}</span>
          </button>
          <div id={`${id}-form`} hidden={!open}>
            {open && (
              <Suspense fallback={<p role="status">{he.loading}</p>}>
                <AlertForm productSlug={productSlug} />
              </Suspense>
            )}
          </div>
        </>
      )}
    </section>
  );
}

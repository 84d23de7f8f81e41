import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { he, heContact } from '../i18n/he';
import { openInTopWindowIfEmbedded } from '../lib/embed';
import '../forms/forms.css';
import './contact.css';

// The form (and the validation library) load on first open, keeping them out of every page's first load.
const ContactForm = lazy(() => import('./ContactForm'));

/** The footer's 'contact us' button and its modal. */
export function ContactDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => dialog.current?.close(), []);
  const open = () => {
    if (openInTopWindowIfEmbedded('/')) return;
    setOpened(true);
    dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" className="button button-secondary footer-contact" aria-haspopup="dialog" onClick={open}>
        {heContact.open}
      </button>
      <dialog ref={dialog} className="pharm-dialog contact-dialog" aria-labelledby={titleId}>
        <h2 id={titleId} className="pharm-dialog-title">
          {heContact.title}
        </h2>
        <p>{heContact.lead}</p>
        {opened && (
          <Suspense fallback={<p role="status">{he.loading}</p>}>
            <ContactForm onDone={close} />
          </Suspense>
        )}
        <form method="dialog">
          <button type="submit" className="button button-secondary contact-close">
            {heContact.close}
          </button>
        </form>
      </dialog>
    </>
  );
}

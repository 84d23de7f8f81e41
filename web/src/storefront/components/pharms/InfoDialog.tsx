import { useId, useRef, type ReactNode } from 'react';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { openInTopWindowIfEmbedded } from '../../../kit/lib/embed';

/**
 * A button that opens a modal dialog (native `<dialog>`: focus kept inside, Escape closes). Inside an
 * iframe it opens `embedFallbackPath` in the top window instead (spec 2.5).
 */
export function InfoDialog({ label, title = label, embedFallbackPath, children }: {
  label: ReactNode;
  title?: ReactNode;
  embedFallbackPath: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = () => {
    if (!openInTopWindowIfEmbedded(embedFallbackPath)) dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" className="button button-secondary" aria-haspopup="dialog" onClick={open}>
        {label}
      </button>
      <dialog ref={dialog} className="pharm-dialog" aria-labelledby={titleId}>
        <h2 id={titleId} className="pharm-dialog-title">
          {title}
        </h2>
        {children}
        <form method="dialog">
          <button type="submit" className="button button-primary">
            {hePharms.close}
          </button>
        </form>
      </dialog>
    </>
  );
}

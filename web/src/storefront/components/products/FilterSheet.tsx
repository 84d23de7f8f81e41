import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { he } from '../../../kit/i18n/he';

/** Below the side panel's width (products.css, 48rem): the filters are a bottom sheet. */
const PHONE = '(max-width: 47.98rem)';
const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], summary, [tabindex]:not([tabindex="-1"])';

/**
 * A list's filters: a side panel (or row) on desktop; on a phone, a button that opens them as a bottom sheet, a
 * modal native `<dialog>` (focus kept inside, Escape closes) with a close button and a button that shows the
 * results, counted (`results`: e.g. '12 מוצרים'; undefined while loading). The filters apply as they change, so the
 * count follows them. While the sheet is open the filters are drawn in it (and not in the hidden panel), so their
 * ids stay unique.
 */
export function FilterSheet({ results, activeCount, children }: { results?: string; activeCount: number; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = () => dialog.current?.close();
  // A modal dialog keeps the page out of reach, but Tab past its last control would leave for the browser's own
  // controls: it goes round to the first instead (and Shift+Tab from the first to the last).
  const keepFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.offsetParent !== null);
    const [first, last] = [controls[0], controls[controls.length - 1]];
    if (!first) return;
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };

  useEffect(() => {
    const sheet = dialog.current;
    if (!open || !sheet) return;
    if (!sheet.open) sheet.showModal();
    // Widened past a phone's width while open (a turned tablet): the filters go back to their panel.
    const phone = window.matchMedia?.(PHONE);
    const onWidth = () => {
      if (!phone?.matches) sheet.close();
    };
    phone?.addEventListener('change', onWidth);
    return () => phone?.removeEventListener('change', onWidth);
  }, [open]);

  return (
    <>
      <button type="button" className="button button-secondary filters-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {activeCount > 0 ? `${he.lists.filters} (${activeCount})` : he.lists.filters}
      </button>
      {!open && <div className="filter-panel">{children}</div>}
      <dialog ref={dialog} className="filter-sheet" aria-labelledby={titleId} onClose={() => setOpen(false)} onKeyDown={keepFocus}>
        {open && (
          <>
            <div className="filter-sheet-header">
              <h2 id={titleId} className="filter-sheet-title">
                {he.lists.filters}
              </h2>
              <button type="button" className="filter-sheet-close" aria-label={he.lists.closeFilters} onClick={close}>
                <span aria-hidden="true">✕</span>
              </button>
            </div>
            <div className="filter-sheet-body">{children}</div>
            <div className="filter-sheet-footer">
              <button type="button" className="button button-primary filter-sheet-apply" aria-live="polite" onClick={close}>
                {results === undefined ? he.lists.showResultsPending : he.lists.showResults(results)}
              </button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}

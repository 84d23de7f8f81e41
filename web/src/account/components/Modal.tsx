import { useEffect, useId, useRef, type ReactNode } from 'react';
import { heOrders } from '../he-orders';

/**
 * A modal dialog shown while it is mounted (native `<dialog>` opened with `showModal`: focus moves into it and
 * stays there, Escape and the close button call `onClose`, and focus returns to what opened it).
 */
export function Modal({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="order-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
    >
      <div className="order-dialog-header">
        <h2 id={titleId} className="order-dialog-title">
          {title}
        </h2>
        <button type="button" className="button button-secondary order-dialog-close" onClick={() => close.current()}>
          {heOrders.close}
        </button>
      </div>
      {children}
    </dialog>
  );
}

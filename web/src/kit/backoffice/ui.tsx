import { BusinessMessages } from '@mc/contracts';
import { useBlocker } from '@tanstack/react-router';
import { toCalendarDate, type CalendarDate } from '@internationalized/date';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Button, Calendar, CalendarCell, CalendarGrid, Checkbox, DateInput, DatePicker, DateSegment, Dialog, Group, Heading, Label, Modal,
  ModalOverlay, Popover, type DateValue,
} from 'react-aria-components';
import { heBackOffice as heBusiness } from './he-backoffice';
import './backoffice.css';
import './controls.css';


/**
 * The back office's building blocks, on React Aria Components (accessible, RTL-aware under the layout's
 * `I18nProvider locale="he-IL"`): every dialog, confirmation, pager, alert and save indicator looks and behaves the same.
 */

/** A form or view in a dialog (spec 2's modals). Escape and the close button call `onClose`. */
export function BusinessDialog({ title, isOpen, onClose, children, wide }: { title: string; isOpen: boolean; onClose: () => void; children: ReactNode; wide?: boolean }) {
  return (
    <ModalOverlay className="bo-overlay" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable>
      <Modal className={wide ? 'bo-modal bo-modal-wide' : 'bo-modal'}>
        <Dialog className="bo-dialog">
          <div className="bo-dialog-head">
            <Heading slot="title" className="bo-dialog-title">{title}</Heading>
            <Button className="bo-icon-button" onPress={onClose} aria-label={heBusiness.close}>×</Button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Spec 5's confirmations ('בטוח שברצונך למחוק?', 'האם ברצונך להקפיץ את המוצר?'). */
export function ConfirmDialog({ message, isOpen, onConfirm, onCancel, confirmLabel = heBusiness.confirm, busy }: {
  message: string; isOpen: boolean; onConfirm: () => void; onCancel: () => void; confirmLabel?: string; busy?: boolean;
}) {
  return (
    <ModalOverlay className="bo-overlay" isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} isDismissable>
      <Modal className="bo-modal bo-modal-narrow">
        <Dialog className="bo-dialog" role="alertdialog">
          <Heading slot="title" className="bo-dialog-title">{message}</Heading>
          <div className="bo-actions">
            <Button className="button button-primary" onPress={onConfirm} isDisabled={busy}>{confirmLabel}</Button>
            <Button className="button" onPress={onCancel} autoFocus>{heBusiness.cancel}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Spec 2: the pages around the current one (a window of about 3), first and last always reachable. */
function pagerWindow(current: number, count: number): (number | 'gap')[] {
  const pages = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/**
 * Spec 2's pager: numbered pages on a desktop; on a phone 'load more' (the next page, `onLoadMore` appends it)
 * and 'back to start'. Page count is ceil(total / perPage). Renders nothing for a single page.
 */
export function Pager({ page, total, perPage, onPage, onLoadMore, loadedThrough }: {
  page: number; total: number; perPage: number; onPage: (page: number) => void;
  /** Mobile: appends the next page below the rows shown. Without it, 'load more' goes to the next page. */
  onLoadMore?: () => void;
  /** Mobile: the last page whose rows are shown (defaults to `page`). */
  loadedThrough?: number;
}) {
  const count = Math.max(1, Math.ceil(total / perPage));
  if (count <= 1) return null;
  const last = loadedThrough ?? page;
  return (
    <nav className="bo-pager" aria-label={heBusiness.pages}>
      <ol className="bo-pager-desktop">
        {pagerWindow(page, count).map((p, i) =>
          p === 'gap' ? <li key={`gap-${i}`} aria-hidden="true">…</li> : (
            <li key={p}>
              <button type="button" className="bo-page" aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>{p}</button>
            </li>
          ))}
      </ol>
      <div className="bo-pager-mobile">
        {last < count && <button type="button" className="button" onClick={() => (onLoadMore ? onLoadMore() : onPage(last + 1))}>{heBusiness.loadMore}</button>}
        {last > 1 && <button type="button" className="button" onClick={() => onPage(1)}>{heBusiness.backToStart}</button>}
      </div>
    </nav>
  );
}

export type Flash = { kind: 'success' | 'error'; text: string } | null;

/** Spec 4 and 8: a green or red alert; a success hides itself after `successMs` (10 s by default), an error stays. */
export function useFlash(successMs = 10_000): [Flash, (flash: Flash) => void] {
  const [flash, setFlash] = useState<Flash>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((next: Flash) => {
    clearTimeout(timer.current);
    setFlash(next);
    if (next?.kind === 'success') timer.current = setTimeout(() => setFlash(null), successMs);
  }, [successMs]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [flash, show];
}

export function Alert({ flash }: { flash: Flash }) {
  if (!flash) return null;
  return (
    <p className={`bo-alert bo-alert-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.text}
    </p>
  );
}

export type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'error';

const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  dirty: heBusiness.notSavedYet,
  saving: BusinessMessages.statusSaving,
  saved: BusinessMessages.statusSaved,
  error: BusinessMessages.statusSaveFailed,
};

/**
 * Spec 8's inline-save indicator: saving, saved, error (announced politely); before those, from the edit until the
 * autosave starts, 'not saved yet' (so a reload in those seconds is not a surprise).
 */
export function SaveIndicator({ state }: { state: SaveState }) {
  const text = SAVE_TEXT[state];
  return (
    <span className={`bo-save bo-save-${state}`} role="status" aria-live="polite">
      {text}
    </span>
  );
}

/**
 * Spec 4 and 5: while `dirty`, leaving the page (in the app or the browser) asks first. With `samePageIsSafe`, a
 * change of the address's query alone (a search, another page of the list) does not ask: what is unsaved lives on.
 */
export function useUnsavedChangesWarning(dirty: boolean, { samePageIsSafe = false } = {}): void {
  useBlocker({
    shouldBlockFn: ({ current, next }) =>
      dirty && !(samePageIsSafe && current.pathname === next.pathname) && !window.confirm(BusinessMessages.unsavedChanges),
    enableBeforeUnload: () => dirty,
  });
}

/** Spec 9: shekels with ₪, 'חינם' for 0 where asked. */
export const formatShekels = (value: number): string =>
  `₪${value.toLocaleString('he-IL', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Spec 9: dd/MM/yyyy and dd/MM/yyyy HH:mm in Israel time. */
const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem', day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
export const formatDate = (iso: string | Date): string => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string | Date): string => dateTimeFormat.format(new Date(iso)).replace(',', '');

/** Spec 9: a phone shown 3-3-4 digits. */
export const formatPhone = (phone: string | null | undefined): string => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : (phone ?? '');
};

/** A checkbox with its drawn box (React Aria: keyboard, focus ring and screen readers as a native one). */
export function BoCheckbox({ isSelected, onChange, children, isDisabled, onBlur }: {
  isSelected: boolean; onChange: (value: boolean) => void; children: ReactNode; isDisabled?: boolean; onBlur?: () => void;
}) {
  return (
    <Checkbox className="bo-checkbox" isSelected={isSelected} onChange={onChange} isDisabled={isDisabled} onBlur={onBlur}>
      <span className="bo-checkbox-box" aria-hidden="true" />
      {children}
    </Checkbox>
  );
}

/**
 * One day, typed in segments or picked in a calendar (React Aria's DatePicker under the layout's he-IL locale). The
 * calendar's arrows are mirrored in right-to-left text: '‹' (previous) points right, '›' (next) left.
 */
export function DayPicker({ label, value, onChange, onBlur, minValue, maxValue, isDateUnavailable, isDisabled, error }: {
  label: string;
  value: DateValue | null;
  onChange: (day: CalendarDate | null) => void;
  onBlur?: () => void;
  minValue?: DateValue;
  maxValue?: DateValue;
  isDateUnavailable?: (day: CalendarDate) => boolean;
  isDisabled?: boolean;
  error?: string;
}) {
  const errorId = useId();
  return (
    <DatePicker
      className="bo-field bo-date-picker"
      value={value}
      onChange={(day) => onChange(day ? toCalendarDate(day) : null)}
      onBlur={onBlur}
      minValue={minValue}
      maxValue={maxValue}
      isDateUnavailable={isDateUnavailable ? (day) => isDateUnavailable(toCalendarDate(day)) : undefined}
      isDisabled={isDisabled}
      isInvalid={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
      granularity="day"
    >
      <Label>{label}</Label>
      <Group className="bo-date-group">
        <DateInput className="bo-date-input">{(segment) => <DateSegment segment={segment} className="bo-date-segment" />}</DateInput>
        <Button className="bo-date-button" aria-label={heBusiness.openCalendar}>▾</Button>
      </Group>
      {error && <p id={errorId} className="bo-field-error">{error}</p>}
      <Popover className="bo-popover">
        <Dialog className="bo-calendar-dialog">
          <Calendar className="bo-calendar">
            <header className="bo-calendar-head">
              <Button slot="previous" className="bo-icon-button" aria-label={heBusiness.previousMonth}>‹</Button>
              <Heading className="bo-calendar-title" />
              <Button slot="next" className="bo-icon-button" aria-label={heBusiness.nextMonth}>›</Button>
            </header>
            <CalendarGrid className="bo-calendar-grid">{(date) => <CalendarCell date={date} className="bo-calendar-cell" />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

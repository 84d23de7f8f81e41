import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN_LENGTH, Messages, type AddressSuggestion } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../api/client';
import { heAuth } from '../i18n/he';
import { addressSearchQuery } from '../queries/addresses';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useComboboxList } from './combobox';
import './address-combobox.css';

type Status =
  | { kind: 'idle' | 'searching' | 'empty' }
  | { kind: 'results'; results: AddressSuggestion[] }
  | { kind: 'error'; message: string };

/** The suggestions for what was typed: asked once the typing has paused 500 ms (spec 9). */
function useAddressSuggestions(text: string): Status {
  const settled = useDebouncedValue(text, ADDRESS_SEARCH_DEBOUNCE_MS);
  const query = useQuery(addressSearchQuery(settled));
  if (text.length < ADDRESS_SEARCH_MIN_LENGTH) return { kind: 'idle' };
  if (settled !== text || query.isPending) return { kind: 'searching' };
  if (query.isError) return { kind: 'error', message: isApiError(query.error) ? query.error.message : Messages.generic };
  return query.data.results.length ? { kind: 'results', results: query.data.results } : { kind: 'empty' };
}

/**
 * The address field of the address form as an ARIA 1.2 combobox: typing suggests streets with their
 * city (debounced); Down and Up move through them, Enter or a click chooses one, Escape closes the list.
 * Choosing calls `onChoose` (which fills address and house number); the field stays a plain text field
 * for an address the list does not have. Nothing found says 'כתובת לא נמצאת ב-Google' (spec 8). Any form with an
 * `address` text field takes it (the user's addresses, the checkout, the operator's onboarding of a pharmacy).
 */
export function AddressCombobox<T extends FieldValues & { address?: string | null }>({ form, onChoose, label = heAuth.address, required }: {
  form: UseFormReturn<T>;
  onChoose: (suggestion: AddressSuggestion) => void;
  label?: string;
  required?: boolean;
}) {
  const { id, listId, optionId, open, setOpen, active, setActive, listRef, close, step } = useComboboxList();
  const inputId = `${id}-input`;
  // What the person typed last; a chosen suggestion written into the field is not searched again.
  const [typed, setTyped] = useState('');
  const status = useAddressSuggestions(typed.trim());
  const results = status.kind === 'results' ? status.results : [];
  const expanded = open && status.kind !== 'idle';
  const name = 'address' as Path<T>;
  const error = form.getFieldState(name, form.formState).error?.message;
  const field = form.register(name);

  const closeOnBlur = useCloseAfterPress(expanded, close);
  const choose = (suggestion: AddressSuggestion) => {
    close();
    setTyped('');
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (status.kind === 'idle') return;
      event.preventDefault();
      setOpen(true);
      step(event.key, results.length);
    } else if (event.key === 'Enter' && expanded && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="form-field address-combobox">
      <label htmlFor={inputId}>{label}{required && <span aria-hidden="true"> *</span>}</label>
      <div className="address-combobox-anchor">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 && results[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          {...field}
          onChange={(event) => {
            void field.onChange(event);
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={(event) => {
            void field.onBlur(event);
            closeOnBlur(event.currentTarget);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {error && (
          <p id={`${id}-error`} className="form-error">
            {error}
          </p>
        )}
        <p id={`${id}-hint`} className="address-combobox-hint">{heAuth.addressHint}</p>
        {/* In the flow below the field's error and hint, pushing the fields after it down: it hides none of them. */}
        <SuggestionList
          listId={listId} listRef={listRef} optionId={optionId} expanded={expanded} status={status} active={active}
          onActive={setActive} onChoose={choose}
        />
      </div>
      <p className="visually-hidden" role="status">
        {expanded && status.kind === 'results' && heAuth.addressSuggestionsCount(results.length)}
        {expanded && status.kind === 'empty' && Messages.addressSearchEmpty}
      </p>
    </div>
  );
}

/**
 * Whether a mouse or finger is down on the page. The list pushes what follows the field down, so a press outside
 * the field (which blurs it on the way down) folds the list away only once the press is over: what was pressed, the
 * form's button say, does not move from under it between the press and the release. Answers the field's blur.
 */
function useCloseAfterPress(expanded: boolean, close: () => void) {
  const pressing = useRef(false);
  useEffect(() => {
    if (!expanded) return;
    const press = () => {
      pressing.current = true;
    };
    const release = () => {
      pressing.current = false;
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      pressing.current = false;
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, [expanded]);
  return (input: HTMLInputElement) => {
    if (!pressing.current) return close();
    const afterPress = () => {
      document.removeEventListener('pointerup', afterPress, true);
      document.removeEventListener('pointercancel', afterPress, true);
      // After the click the release makes (same task); unless the field has the focus again by then.
      setTimeout(() => {
        if (document.activeElement !== input) close();
      });
    };
    document.addEventListener('pointerup', afterPress, true);
    document.addEventListener('pointercancel', afterPress, true);
  };
}

/** The suggestions under the field, or what the search says instead (searching, nothing found, failed). */
function SuggestionList({ listId, listRef, optionId, expanded, status, active, onActive, onChoose }: {
  listId: string;
  listRef: RefObject<HTMLUListElement | null>;
  optionId: (index: number) => string;
  expanded: boolean;
  status: Status;
  active: number;
  onActive: (index: number) => void;
  onChoose: (suggestion: AddressSuggestion) => void;
}) {
  const results = status.kind === 'results' ? status.results : [];
  return (
    <div className="address-combobox-popup" hidden={!expanded}>
      <ul id={listId} ref={listRef} role="listbox" aria-label={heAuth.addressSuggestions} className="address-combobox-list">
        {results.map((suggestion, index) => (
          <li
            key={suggestion.address}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            aria-label={suggestion.address}
            className="address-combobox-option"
            // Keeps the focus in the field, so choosing does not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onActive(index)}
            onClick={() => onChoose(suggestion)}
          >
            <span className="address-combobox-street">
              {suggestion.street}
              {suggestion.houseNumber && <> <bdi>{suggestion.houseNumber}</bdi></>}
            </span>
            <span className="address-combobox-city">{suggestion.city}</span>
          </li>
        ))}
      </ul>
      {status.kind === 'searching' && <p className="address-combobox-message">{heAuth.addressSearching}</p>}
      {status.kind === 'empty' && <p className="address-combobox-message">{Messages.addressSearchEmpty}</p>}
      {status.kind === 'error' && <p className="address-combobox-message form-error">{status.message}</p>}
    </div>
  );
}

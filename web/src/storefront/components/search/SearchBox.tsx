import type { SearchResult } from '@mc/contracts';
import { Messages } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '../../../kit/api/client';
import { he } from '../../../kit/i18n/he';
import { Icon } from '../../../kit/ui/Icon';
import { searchSuggestionsQuery } from '../../../kit/queries/site';
import { useDebouncedValue } from '../../../kit/lib/use-debounced-value';
import { SuggestionContent } from './SuggestionOption';
import { useComboboxList } from '../../../kit/forms/combobox';
import { suggestionHref } from './suggestions';
import './search.css';

/** Suggestions are asked for once the typing has paused this long (spec 9). */
const SUGGEST_DEBOUNCE_MS = 500;

type Status = { kind: 'idle' | 'searching' | 'empty' } | { kind: 'results'; results: SearchResult[] } | { kind: 'error'; message: string };

const HEBREW = /[\u0590-\u05FF]/;

/**
 * What the list says when the suggestions failed: the server's message when it is Hebrew (the gateway's are), never
 * an English one (a proxy's or a framework's): spec 8's list failure then.
 */
const suggestionsFailure = (error: unknown): string =>
  isApiError(error) && HEBREW.test(error.message) && error.message !== Messages.generic ? error.message : Messages.listLoadFailed;

function useSuggestions(term: string): Status {
  const settled = useDebouncedValue(term, SUGGEST_DEBOUNCE_MS);
  const query = useQuery(searchSuggestionsQuery(settled));
  if (!term) return { kind: 'idle' };
  if (settled !== term || query.isPending) return { kind: 'searching' };
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return { kind: 'empty' };
    return { kind: 'error', message: suggestionsFailure(query.error) };
  }
  return query.data.results.length ? { kind: 'results', results: query.data.results } : { kind: 'empty' };
}

/**
 * The site search: a combobox whose list suggests products and pharmacies as one types (debounced,
 * at most 5). Arrows move through the suggestions, Enter opens the chosen one or, with none chosen,
 * the results page `/search?term=…`; an empty search opens the product list. Escape closes the list.
 */
export function SearchBox({ className }: { className?: string }) {
  const router = useRouter();
  const { id, listId, optionId, open, setOpen, active, setActive, listRef, close, step } = useComboboxList();
  const [value, setValue] = useState('');
  const term = value.trim();
  const status = useSuggestions(term);
  const results = status.kind === 'results' ? status.results : [];
  const expanded = open && status.kind !== 'idle';

  const go = (href: string) => {
    close();
    void router.navigate({ href });
  };
  const choose = (result: SearchResult) => go(suggestionHref(result));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(term ? `/search?${new URLSearchParams({ term })}` : '/products');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      step(event.key, results.length);
    } else if (event.key === 'Enter' && expanded && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else {
        setValue('');
      }
    }
  };

  return (
    <form role="search" className={`search-box ${className ?? ''}`} onSubmit={onSubmit}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {he.search.label}
      </label>
      <div className="search-field">
        <input
          id={`${id}-input`}
          className="search-input"
          type="search"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={he.search.placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 && results[active] ? optionId(active) : undefined}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-submit">
          <Icon name="search" />
          <span className="visually-hidden">{he.search.submit}</span>
        </button>
      </div>
      <div className="popup-panel search-popup" hidden={!expanded}>
        <ul id={listId} ref={listRef} role="listbox" aria-label={he.search.suggestions} className="search-list">
          {results.map((result, index) => (
            <li
              key={`${result.type}-${result.data.slug}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="search-option"
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(result)}
            >
              <SuggestionContent result={result} />
            </li>
          ))}
        </ul>
        {status.kind === 'searching' && <p className="search-message">{he.search.searching}</p>}
        {status.kind === 'empty' && <p className="search-message">{he.search.noResults}</p>}
        {status.kind === 'error' && <p className="search-message search-message-error">{status.message}</p>}
      </div>
      <p className="visually-hidden" role="status">
        {expanded && status.kind === 'results' && he.search.suggestionsCount(results.length)}
        {expanded && status.kind === 'empty' && he.search.noResults}
      </p>
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { LIST_DELAY_MS } from '../lib/use-debounced-value';
import { heBackOffice } from './he-backoffice';

/** A back-office search box that reports its text about 100 ms after the last keystroke (spec §4: lists load about 100 ms after a change). */
export function DelayedSearch({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (text: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), LIST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <SearchField className="bo-search" value={text} onChange={setText} onClear={() => setText('')}>
      <Label className="visually-hidden">{label}</Label>
      <Input className="bo-search-input" placeholder={placeholder} />
      {text && <Button className="bo-icon-button" aria-label={heBackOffice.close}>×</Button>}
    </SearchField>
  );
}

import { CompanyMessages, CompanySupplyCommand, SUPPLY_STATES, type ProductSupply, type SupplyState } from '@mc/contracts';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { useId, useState } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { isApiError } from '../../kit/api/client';
import { DayPicker, formatDateTime } from '../../kit/backoffice/ui';
import { heManage } from '../i18n/he-manage';
import type { SupplyEditBody } from '../queries/company';
import { formatDay, todayInIsrael } from './period';

const text = heManage.stock;
type Field = 'state' | 'until' | 'units';
type Errors = Partial<Record<Field | 'form', string>>;

/** Which field a message of the server (or of the contracts' class) is about. */
const FIELD_OF: Partial<Record<string, Field>> = {
  [CompanyMessages.invalidSupplyState]: 'state',
  [CompanyMessages.untilRequired]: 'until',
  [CompanyMessages.untilInPast]: 'until',
  [CompanyMessages.invalidUnits]: 'units',
};

const dayOrNull = (value: string | null): CalendarDate | null => {
  try {
    return value ? parseDate(value) : null;
  } catch {
    return null;
  }
};

/**
 * The body of `PATCH …/stock` from the editor's values, checked with the contracts' class as the server checks it;
 * or the message of each field that fails. `until` goes only with short and out, `units` only when given.
 */
export function supplyBody(slug: string, productId: number, state: SupplyState, until: string | null, units: string):
  { body: SupplyEditBody } | { errors: Errors } {
  const body: SupplyEditBody = { productId, state };
  if (state !== 'available' && until) body.until = until;
  const unitsText = units.trim();
  if (unitsText !== '') body.units = /^\d+$/.test(unitsText) ? Number(unitsText) : Number.NaN;
  const failures = validateSync(plainToInstance(CompanySupplyCommand, { slug, ...body }));
  if (!failures.length) return { body };
  const errors: Errors = {};
  for (const failure of failures) {
    const field = failure.property as Field;
    const message = Object.values(failure.constraints ?? {})[0];
    if (message && (field === 'state' || field === 'until' || field === 'units')) errors[field] ??= message;
    else errors.form ??= message;
  }
  return { errors };
}

/** The supply state as it was saved: 'מחסור · עד 12/01/2027 · 40 יחידות', and when. */
export function SupplyNow({ supply }: { supply: ProductSupply | null }) {
  if (!supply) return <span className="bo-muted">{text.noReport}</span>;
  return (
    <span className="mc-supply-now">
      <span className={`bo-badge mc-supply-${supply.state}`}>
        {heManage.supplyLine(heManage.states[supply.state], supply.until ? formatDay(supply.until) : null, supply.units)}
      </span>{' '}
      <span className="bo-muted">{text.updatedAt(formatDateTime(supply.updatedAt))}</span>
    </span>
  );
}

/**
 * The company's own supply state of one product (issue 29 §4): available, short or out (until a date, required for
 * short and out; not before today), with the units it can still supply where known. Saves with `PATCH …/stock`
 * and shows the state as saved; a refusal's Hebrew message stands by its field.
 */
export function SupplyEditor({ slug, productId, productName, supply, save, onSaved }: {
  slug: string;
  productId: number;
  productName: string;
  supply: ProductSupply | null;
  save: (body: SupplyEditBody) => Promise<ProductSupply>;
  onSaved: (supply: ProductSupply) => void;
}) {
  const id = useId();
  const [saved, setSaved] = useState<ProductSupply | null>(supply);
  const [state, setState] = useState<SupplyState>(supply?.state ?? 'available');
  const [until, setUntil] = useState<string | null>(supply?.until ?? null);
  const [units, setUnits] = useState(supply?.units === null || supply?.units === undefined ? '' : String(supply.units));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const needsUntil = state !== 'available';

  const submit = async () => {
    const checked = supplyBody(slug, productId, state, until, units);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setStatus('idle');
      return;
    }
    setErrors({});
    setStatus('saving');
    try {
      const answer = await save(checked.body);
      setSaved(answer);
      setStatus('saved');
      onSaved(answer);
    } catch (error) {
      setStatus('idle');
      const message = error instanceof Error ? error.message : String(error);
      const field = isApiError(error) && error.status === 400 ? FIELD_OF[message] : undefined;
      setErrors(field ? { [field]: message } : { form: message });
    }
  };

  const errorOf = (field: Field) => errors[field] && <p id={`${id}-${field}-error`} className="bo-field-error">{errors[field]}</p>;
  return (
    <form
      className="mc-supply-editor" aria-label={`${text.supplyTitle}: ${productName}`} noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="mc-supply-current">
        <span className="mc-label">{text.current}: </span>
        <SupplyNow supply={saved} />
      </p>
      <div className="mc-supply-fields">
        <Select
          className="bo-field" selectedKey={state} isInvalid={Boolean(errors.state)}
          onSelectionChange={(key) => {
            setState(key as SupplyState);
            setStatus('idle');
          }}
        >
          <Label>{text.state}</Label>
          <Button className="bo-select-button">
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </Button>
          {errorOf('state')}
          <Popover className="bo-popover">
            <ListBox className="bo-listbox">
              {SUPPLY_STATES.map((s) => <ListBoxItem key={s} id={s} className="bo-option">{heManage.states[s]}</ListBoxItem>)}
            </ListBox>
          </Popover>
        </Select>
        <DayPicker
          label={text.until} value={needsUntil ? dayOrNull(until) : null} isDisabled={!needsUntil}
          minValue={parseDate(todayInIsrael())} error={errors.until}
          onChange={(day) => {
            setUntil(day ? day.toString() : null);
            setStatus('idle');
          }}
        />
        <div className="bo-field">
          <label htmlFor={`${id}-units`}>{text.units}</label>
          <input
            id={`${id}-units`} className="bo-input" inputMode="numeric" autoComplete="off" value={units}
            aria-invalid={errors.units ? true : undefined} aria-describedby={errors.units ? `${id}-units-error` : undefined}
            onChange={(event) => {
              setUnits(event.target.value);
              setStatus('idle');
            }}
          />
          {errorOf('units')}
        </div>
        <div className="mc-supply-actions">
          <Button type="submit" className="button button-primary" isDisabled={status === 'saving'}>{text.save}</Button>
          <span className={`bo-save bo-save-${status}`} role="status" aria-live="polite">
            {status === 'saving' ? text.saving : status === 'saved' ? text.saved : ''}
          </span>
        </div>
      </div>
      {errors.form && <p className="bo-alert bo-alert-error" role="alert">{errors.form}</p>}
    </form>
  );
}

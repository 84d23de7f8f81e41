import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { BusinessMessages, PharmProductFields, type BusinessProductInfo } from '@mc/contracts';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { useId, useState } from 'react';

import { Controller, useForm, useWatch } from 'react-hook-form';
import { heBusiness } from '../i18n/he-business';
import { heProducts } from '../i18n/he-products';
import { PartnerProductId, PartnerUpdatedAt } from './partner';
import { BoCheckbox, DayPicker, formatShekels, useUnsavedChangesWarning } from '../../kit/backoffice/ui';


/** The expiry date (yyyy-MM-dd or null), shown dd/MM/yyyy under the he-IL locale, with a way to clear it. */
function ExpiryPicker({ value, onChange, onBlur }: { value: string | null; onChange: (value: string | null) => void; onBlur: () => void }) {
  let parsed: CalendarDate | null = null;
  try {
    parsed = value ? parseDate(value) : null;
  } catch {
    parsed = null;
  }
  return (
    <div className="bo-field">
      <DayPicker label={heProducts.fields.expiresAt} value={parsed} onChange={(date) => onChange(date ? date.toString() : null)} onBlur={onBlur} />
      {value && <button type="button" className="bo-link-button" onClick={() => onChange(null)}>{heProducts.clearDate}</button>}
    </div>
  );
}

/**
 * The offer's fields (spec §5 Product), validated with the contracts' class as the server does: price required and
 * at least 0 (0 = the catalogue price, its hint shows that price), the stock amount disabled while 'always in stock',
 * price and stock read-only with the reason on a partner-locked offer. Save is disabled until something changed
 * (`requireChange`), and leaving with unsaved changes asks first.
 */
export function ProductForm({ product, initial, locked = false, partnerUpdatedAt, requireChange, submitLabel, onSubmit, onCancel }: {
  product: BusinessProductInfo;
  initial: PharmProductFields;
  locked?: boolean;
  /** A locked offer's last change by the partner (its confirmation time, ISO). */
  partnerUpdatedAt?: string;
  requireChange: boolean;
  submitLabel: string;
  /** Resolves when saved (the form then lets go without the leave warning); throws to keep the form open. */
  onSubmit: (fields: PharmProductFields) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [done, setDone] = useState(false);
  const { control, register, handleSubmit, formState: { errors, isDirty, isSubmitting } } = useForm<PharmProductFields>({
    resolver: classValidatorResolver(PharmProductFields),
    defaultValues: initial,
  });
  const alwaysInStock = useWatch({ control, name: 'alwaysInStock' });
  useUnsavedChangesWarning(isDirty && !done && !isSubmitting);

  const submit = handleSubmit(async (values) => {
    const fields: PharmProductFields = {
      alwaysInStock: values.alwaysInStock,
      amount: values.amount === undefined || Number.isNaN(Number(values.amount)) ? initial.amount : Number(values.amount),
      price: Number(values.price),
      expiresAt: values.expiresAt || null,
      published: values.published,
      isNewByDefault: values.isNewByDefault,
      isPopularByDefault: values.isPopularByDefault,
    };
    setDone(true);
    try {
      await onSubmit(fields);
    } catch {
      setDone(false);
    }
  });

  const describedBy = (name: 'price' | 'amount', hasHint: boolean) =>
    [errors[name] ? `${id}-${name}-error` : null, hasHint ? `${id}-${name}-hint` : null, locked ? `${id}-locked` : null].filter(Boolean).join(' ') || undefined;
  const catalog = product.estimatedPrice === null ? null : formatShekels(product.estimatedPrice);

  return (
    <form className="bo-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="bo-product-name">
        <strong>{product.info.hebName || product.name}</strong> <bdi className="bo-muted">{product.info.engName}</bdi>
        {product.info.thccbdDosage && <> · <bdi>{product.info.thccbdDosage}</bdi></>}
        {product.yarpaProductId && <> · <PartnerProductId product={product} /></>}
      </p>
      {locked && (
        <p id={`${id}-locked`} className="bo-alert bo-alert-warning">
          {heProducts.lockedReason} ({BusinessMessages.partnerLocked}){partnerUpdatedAt && <>. <PartnerUpdatedAt at={partnerUpdatedAt} /></>}
        </p>
      )}
      <div className="bo-field">
        <label htmlFor={`${id}-price`}>{heProducts.fields.price}</label>
        <input
          id={`${id}-price`} type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" readOnly={locked}
          aria-invalid={errors.price ? true : undefined} aria-describedby={describedBy('price', true)}
          {...register('price')}
        />
        <p id={`${id}-price-hint`} className="bo-hint">{heProducts.priceHint(catalog)}</p>
        {errors.price && <p id={`${id}-price-error`} className="bo-field-error">{errors.price.message}</p>}
      </div>
      <Controller
        control={control} name="alwaysInStock"
        render={({ field }) => (
          <BoCheckbox isSelected={field.value} onChange={field.onChange} onBlur={field.onBlur} isDisabled={locked}>{heProducts.fields.alwaysInStock}</BoCheckbox>
        )}
      />
      <div className="bo-field">
        <label htmlFor={`${id}-amount`}>{heProducts.fields.amount}</label>
        <input
          id={`${id}-amount`} type="number" inputMode="numeric" min={0} step={1} dir="ltr" disabled={alwaysInStock} readOnly={locked}
          aria-invalid={errors.amount ? true : undefined} aria-describedby={describedBy('amount', alwaysInStock)}
          {...register('amount')}
        />
        {alwaysInStock && <p id={`${id}-amount-hint`} className="bo-hint">{heProducts.amountDisabledHint}</p>}
        {errors.amount && <p id={`${id}-amount-error`} className="bo-field-error">{errors.amount.message}</p>}
      </div>
      <Controller
        control={control} name="expiresAt"
        render={({ field }) => <ExpiryPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
      />
      {(['published', 'isNewByDefault', 'isPopularByDefault'] as const).map((name) => (
        <Controller
          key={name} control={control} name={name}
          render={({ field }) => <BoCheckbox isSelected={field.value} onChange={field.onChange} onBlur={field.onBlur}>{heProducts.fields[name]}</BoCheckbox>}
        />
      ))}
      <div className="bo-actions">
        <button type="submit" className="button button-primary" disabled={(requireChange && !isDirty) || isSubmitting}>{submitLabel}</button>
        <button type="button" className="button" onClick={onCancel}>{heBusiness.cancel}</button>
      </div>
    </form>
  );
}

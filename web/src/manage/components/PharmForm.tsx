import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import {
  ManageMessages, Messages, PHARM_SHIPPING, PharmManageUpdateCommand, PharmOnboardCommand, type ManagedPharm, type PharmShipping,
} from '@mc/contracts';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { HoursEditor } from '../../kit/backoffice/HoursEditor';
import { draftOf, hoursErrors, sameWeek, slotList, type WeekDraft } from '../../kit/backoffice/hours-editor';
import { Alert, useFlash, useUnsavedChangesWarning } from '../../kit/backoffice/ui';
import { AddressCombobox } from '../../kit/forms/AddressCombobox';
import { hePharms } from '../../kit/i18n/he-pharms';
import { heConsole } from '../i18n/he-console';
import type { PharmPatch } from '../queries/console';
import { ChoiceSelect, errorText } from './console';

const text = heConsole.form;

/** The form's values: the onboarding command's (the slug only shown when onboarding). */
type Values = PharmOnboardCommand;
type Field = FieldPath<Values>;

/** Which field a message of the server's belongs to (the API answers a message, not a field). */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  [ManageMessages.slugInvalid]: 'slug',
  [ManageMessages.slugTaken]: 'slug',
  [ManageMessages.licenceInvalid]: 'licenceNumber',
  [ManageMessages.addressNotFound]: 'address',
  [ManageMessages.partnerCodeInvalid]: 'partnerCode',
  [ManageMessages.partnerCodeTaken]: 'partnerCode',
  [ManageMessages.invalidShipping]: 'shipping',
  [Messages.invalidPhone]: 'phoneNumber',
  [Messages.invalidEmail]: 'orderEmail',
};

/** The server's messages put under their fields; answers the messages no field owns. */
export function fieldErrorsOf(message: string): { fields: [Field, string][]; rest: string[] } {
  const fields: [Field, string][] = [];
  const rest: string[] = [];
  for (const part of message.split(', ')) {
    const field = FIELD_OF_MESSAGE[part];
    if (field) fields.push([field, part]);
    else rest.push(part);
  }
  return { fields, rest };
}

const emptyValues = (): Values => ({
  slug: '', name: '', licenceNumber: '', address: '', phoneNumber: '', whatsappNumber: null, orderEmail: null, shipping: 'no-shipping',
  openingHours: [], partnerCode: null,
});

const valuesOf = (pharm: ManagedPharm): Values => ({
  slug: pharm.slug,
  name: pharm.name,
  licenceNumber: pharm.licenceNumber ?? '',
  // The street and number with the city, as the address search writes it (once, should pharm already add the city).
  address: pharm.city && !pharm.address.includes(pharm.city) ? `${pharm.address}, ${pharm.city}` : pharm.address,
  phoneNumber: pharm.phone ?? '',
  whatsappNumber: pharm.whatsapp,
  orderEmail: pharm.orderEmail,
  shipping: pharm.shipping,
  openingHours: [],
  partnerCode: pharm.partnerCode,
});

/** An optional field left empty is null (absent, or cleared on an edit), so the DTO's checks of a value pass it by. */
const OPTIONAL: ReadonlySet<Field> = new Set(['whatsappNumber', 'orderEmail', 'partnerCode']);
const emptyIsNull = (value: unknown) => (typeof value === 'string' && !value.trim() ? null : value);

/**
 * A pharmacy's fields as the operator sets them (issue 30 §1): onboarding (every field, the slug too) or an edit of an
 * existing one (only the fields changed are sent). The address is one of the address search's suggestions (the
 * gazetteer gives its position); the hours are the back office's editor. A message of the server is shown under its
 * field, and the first such field takes the focus.
 */
export function PharmForm({ pharm, onSubmit, onDone, onCancel }: {
  /** The pharmacy edited; none when onboarding. */
  pharm?: ManagedPharm;
  onSubmit: (values: Values, changed: PharmPatch) => Promise<ManagedPharm>;
  onDone: (saved: ManagedPharm) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const editing = pharm !== undefined;
  const [flash, setFlash] = useFlash();
  const stored = useMemo(() => draftOf(pharm?.openingHours ?? {}), [pharm]);
  const [week, setWeek] = useState<WeekDraft>(stored);
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<Values>({
    resolver: classValidatorResolver(editing ? (PharmManageUpdateCommand as unknown as typeof PharmOnboardCommand) : PharmOnboardCommand),
    defaultValues: pharm ? valuesOf(pharm) : emptyValues(),
  });
  const { isDirty, isSubmitting, dirtyFields } = form.formState;
  const hoursDirty = !sameWeek(week, stored);
  const slotErrors = hoursErrors(week);
  useUnsavedChangesWarning((isDirty || hoursDirty) && !isSubmitting);

  const submit = form.handleSubmit(
    async (values) => {
      setSubmitted(true);
      if (slotErrors.size) return setFlash({ kind: 'error', text: text.fixErrors });
      const openingHours = slotList(week);
      const full: Values = { ...values, openingHours };
      const changed: PharmPatch = {};
      for (const name of Object.keys(dirtyFields) as (keyof PharmPatch)[]) {
        if (name in full && name !== 'openingHours' && name !== 'state') (changed as Record<string, unknown>)[name] = full[name as keyof Values];
      }
      if (hoursDirty) changed.openingHours = openingHours;
      try {
        const saved = await onSubmit(full, changed);
        form.reset(pharm ? valuesOf(saved) : form.getValues());
        setWeek(draftOf(saved.openingHours));
        onDone(saved);
      } catch (error) {
        const { fields, rest } = fieldErrorsOf(errorText(error));
        fields.forEach(([name, message]) => form.setError(name, { type: 'server', message }));
        if (fields.length) form.setFocus(fields[0][0]);
        setFlash({ kind: 'error', text: rest.length ? rest.join(', ') : text.fixErrors });
      }
    },
    (invalid) => {
      setSubmitted(true);
      setFlash({ kind: 'error', text: text.fixErrors });
      const first = (Object.keys(invalid) as Field[])[0];
      if (first) form.setFocus(first);
    },
  );

  const field = (name: Field, label: string, props: { type?: string; dir?: 'ltr'; required?: boolean; hint?: string; inputMode?: 'tel' | 'email' } = {}) => {
    const error = form.getFieldState(name, form.formState).error?.message;
    const describedBy = [error ? `${id}-${name}-error` : '', props.hint ? `${id}-${name}-hint` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="bo-field">
        {/* The required mark beside the label, not in it: the label is the field's name exactly. */}
        <span className="mc-label-row">
          <label htmlFor={`${id}-${name}`}>{label}</label>
          {props.required && <span aria-hidden="true">*</span>}
        </span>
        <input
          id={`${id}-${name}`} className="bo-input" type={props.type ?? 'text'} dir={props.dir} autoComplete="off" inputMode={props.inputMode}
          aria-required={props.required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy}
          {...form.register(name, OPTIONAL.has(name) ? { setValueAs: emptyIsNull } : {})}
        />
        {props.hint && <p id={`${id}-${name}-hint`} className="bo-muted">{props.hint}</p>}
        {error && <p id={`${id}-${name}-error`} className="bo-field-error">{error}</p>}
      </div>
    );
  };

  const shippingOptions = PHARM_SHIPPING.map((value) => ({ id: value, label: hePharms.shipping[value] ?? value }));
  return (
    <form className="bo-form mc-pharm-form" noValidate onSubmit={(event) => void submit(event)}>
      <Alert flash={flash} />
      <div className="bo-field-row">
        {field('name', text.name, { required: true })}
        {!editing && field('slug', text.slug, { dir: 'ltr', required: true, hint: text.slugHint })}
        {field('licenceNumber', text.licenceNumber, { dir: 'ltr', required: true })}
      </div>
      <AddressCombobox
        form={form} label={text.address} required
        onChoose={(suggestion) => form.setValue('address', suggestion.address, { shouldDirty: true, shouldValidate: true })}
      />
      <div className="bo-field-row">
        {field('phoneNumber', text.phoneNumber, { type: 'tel', dir: 'ltr', required: true, inputMode: 'tel' })}
        {field('whatsappNumber', text.whatsappNumber, { type: 'tel', dir: 'ltr', inputMode: 'tel' })}
        {field('orderEmail', text.orderEmail, { type: 'email', dir: 'ltr', inputMode: 'email' })}
      </div>
      <div className="bo-field-row">
        <Controller control={form.control} name="shipping" render={({ field: shipping, fieldState }) => (
          <div>
            <ChoiceSelect<PharmShipping> label={text.shipping} value={shipping.value} options={shippingOptions} onChange={shipping.onChange} />
            {fieldState.error && <p className="bo-field-error">{fieldState.error.message}</p>}
          </div>
        )} />
        {field('partnerCode', text.partnerCode, { dir: 'ltr', hint: text.partnerCodeHint })}
      </div>
      <fieldset className="mc-hours-fieldset">
        <legend>{text.hours}</legend>
        <HoursEditor week={week} onChange={setWeek} errors={submitted ? slotErrors : undefined} />
      </fieldset>
      <div className="bo-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting || (editing && !isDirty && !hoursDirty)}>
          {isSubmitting ? text.submitting : editing ? text.save : text.submit}
        </button>
        {onCancel && <button type="button" className="button" onClick={onCancel}>{text.cancel}</button>}
      </div>
    </form>
  );
}

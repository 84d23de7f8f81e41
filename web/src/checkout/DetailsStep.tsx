import type { CheckoutDetailsDto } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../components/forms/TextField';
import { heCheckout } from '../i18n/he-checkout';

/** A valid Israeli ID number for development builds' fake-ID flag (spec 6), never in production builds. */
export const FAKE_ID_NUMBER = '123456782';
export const fakeIdEnabled = (): boolean => import.meta.env.VITE_FEATURE_FAKE_ID === '1';

function Check({ form, name, children }: { form: UseFormReturn<CheckoutDetailsDto>; name: Path<CheckoutDetailsDto>; children: React.ReactNode }) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  return (
    <div className="form-check">
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(name)}
      />
      <label htmlFor={id}>{children}</label>
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Step 1's fields: validated with CheckoutDetailsDto (the form's resolver); the ID number is only ever encrypted. */
export function DetailsFields({ form }: { form: UseFormReturn<CheckoutDetailsDto> }) {
  const notesId = useId();
  const privacyId = useId();
  const notesError = form.formState.errors.notes?.message;
  return (
    <>
      <TextField form={form} name="firstName" label={heCheckout.firstName} autoComplete="given-name" />
      <TextField form={form} name="lastName" label={heCheckout.lastName} autoComplete="family-name" />
      <TextField form={form} name="phone" label={heCheckout.phone} type="tel" dir="ltr" autoComplete="tel" />
      <TextField form={form} name="email" label={heCheckout.email} type="email" dir="ltr" autoComplete="email" />
      <TextField form={form} name="idNumber" label={heCheckout.idNumber} dir="ltr" autoComplete="off" />
      <p id={privacyId} className="card-meta checkout-privacy">
        {heCheckout.idPrivacy} {heCheckout.documentsPrivacy}
      </p>
      {fakeIdEnabled() && <p className="card-meta">{heCheckout.fakeIdNote}</p>}
      <Check form={form} name="agreeTOU">
        {heCheckout.agreeTOU} (<Link to="/terms-of-use" target="_blank">{heCheckout.termsLink}</Link>)
      </Check>
      <Check form={form} name="agreeDisclaimer">{heCheckout.agreeDisclaimer}</Check>
      <div className="form-field">
        <label htmlFor={notesId}>{heCheckout.notes}</label>
        <textarea
          id={notesId}
          rows={3}
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? `${notesId}-error` : undefined}
          {...form.register('notes')}
        />
        {notesError && (
          <p id={`${notesId}-error`} className="form-error">
            {notesError}
          </p>
        )}
      </div>
    </>
  );
}

/** The collapsed step 1: what was filled (the ID number masked), with the way back to edit it. */
export function DetailsSummary({ values, onEdit }: { values: CheckoutDetailsDto; onEdit: () => void }) {
  return (
    <div className="checkout-details-summary">
      <p>
        <bdi>{`${values.firstName} ${values.lastName}`.trim()}</bdi>
        {' · '}
        <bdi dir="ltr">{values.phone}</bdi>
        {' · '}
        <bdi dir="ltr">{values.email}</bdi>
        {' · '}
        <bdi dir="ltr">{`•••••${values.idNumber.slice(-4)}`}</bdi>
      </p>
      <button type="button" className="button button-secondary" onClick={onEdit} aria-label={heCheckout.editDetails}>
        {heCheckout.edit}
      </button>
    </div>
  );
}

import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { CheckoutDetailsDto } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../kit/forms/TextField';
import { heCheckout } from '../he-checkout';

/** A valid Israeli ID number for development builds' fake-ID flag (spec 6), never in production builds. */
const FAKE_ID_NUMBER = '123456782';
const fakeIdEnabled = (): boolean => import.meta.env.VITE_FEATURE_FAKE_ID === '1';

function Check({ form, name, children }: { form: UseFormReturn<CheckoutDetailsDto>; name: 'agreeTOU' | 'agreeDisclaimer'; children: React.ReactNode }) {
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

/** One pharmacy's notes (issue 26: each pharmacy's order gets its own), at `pharmNotes.{index}.notes`. */
function PharmNotesField({ form, index, pharmSlug, label }: { form: UseFormReturn<CheckoutDetailsDto>; index: number; pharmSlug: string; label: string }) {
  const id = useId();
  // The notes at this index are this pharmacy's, whatever the cart's pharmacies were when the form began.
  useEffect(() => form.setValue(`pharmNotes.${index}.pharmSlug`, pharmSlug), [form, index, pharmSlug]);
  const error = form.formState.errors.pharmNotes?.[index]?.notes?.message;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(`pharmNotes.${index}.notes`)}
      />
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Step 1's fields: validated with CheckoutDetailsDto (the form's resolver); the ID number is only ever encrypted and
 * opens a phone's number keypad; one notes field per pharmacy of the cart (each goes to that pharmacy's order alone).
 */
function DetailsFields({ form, pharms }: { form: UseFormReturn<CheckoutDetailsDto>; pharms: readonly { slug: string; name: string }[] }) {
  const privacyId = useId();
  return (
    <>
      <TextField form={form} name="firstName" label={heCheckout.firstName} autoComplete="given-name" />
      <TextField form={form} name="lastName" label={heCheckout.lastName} autoComplete="family-name" />
      <TextField form={form} name="phone" label={heCheckout.phone} type="tel" dir="ltr" autoComplete="tel" />
      <TextField form={form} name="email" label={heCheckout.email} type="email" dir="ltr" autoComplete="email" />
      <TextField form={form} name="idNumber" label={heCheckout.idNumber} dir="ltr" autoComplete="off" inputMode="numeric" pattern="[0-9]*" />
      <p id={privacyId} className="card-meta checkout-privacy">
        {heCheckout.idPrivacy} {heCheckout.documentsPrivacy}
      </p>
      {fakeIdEnabled() && <p className="card-meta">{heCheckout.fakeIdNote}</p>}
      <Check form={form} name="agreeTOU">
        {heCheckout.agreeTOU} (<Link to="/terms-of-use" target="_blank">{heCheckout.termsLink}</Link>)
      </Check>
      <Check form={form} name="agreeDisclaimer">{heCheckout.agreeDisclaimer}</Check>
      {pharms.map((pharm, index) => (
        <PharmNotesField key={pharm.slug} form={form} index={index} pharmSlug={pharm.slug} label={pharms.length === 1 ? heCheckout.notes : heCheckout.notesFor(pharm.name)} />
      ))}
    </>
  );
}

/** The collapsed step 1: what was filled (the ID number masked), with the way back to edit it. */
function DetailsSummary({ values, onEdit }: { values: CheckoutDetailsDto; onEdit: () => void }) {
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

/** Step 1's form: the user's own details to start from, one notes entry per pharmacy. */
export function useDetailsForm(user: { firstName: string; lastName: string; email: string; phone: string | null }, pharms: readonly { slug: string }[]) {
  return useForm<CheckoutDetailsDto>({
    resolver: classValidatorResolver(CheckoutDetailsDto),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? '',
      email: user.email ?? '',
      idNumber: fakeIdEnabled() ? FAKE_ID_NUMBER : '',
      agreeTOU: false,
      agreeDisclaimer: false,
      pharmNotes: pharms.map((p) => ({ pharmSlug: p.slug, notes: '' })),
    },
  });
}

/** Step 1 as a card: its fields and 'continue' (`onDone` once they are valid), or once done their summary. */
export function DetailsSection({ form, pharms, done, setDone, onDone }: {
  form: UseFormReturn<CheckoutDetailsDto>;
  pharms: readonly { slug: string; name: string }[];
  done: boolean;
  setDone: (done: boolean) => void;
  onDone: () => void;
}) {
  return (
    <section className="card checkout-step" aria-labelledby="checkout-details-title">
      <h2 id="checkout-details-title" tabIndex={-1}>
        {heCheckout.detailsStep}
      </h2>
      {done ? (
        <DetailsSummary values={form.getValues()} onEdit={() => {
          setDone(false);
          requestAnimationFrame(() => form.setFocus('firstName'));
        }} />
      ) : (
        <form className="contact-form" noValidate onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit(() => {
            setDone(true);
            onDone();
          })();
        }}>
          <DetailsFields form={form} pharms={pharms} />
          <button type="submit" className="button button-primary">
            {heCheckout.continue}
          </button>
        </form>
      )}
    </section>
  );
}

import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { Messages, PRESCRIPTION_CATEGORIES, PrescriptionDto, type Prescription } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSession } from '../auth/use-session';
import { heAuth } from '../i18n/he';
import { hePrescription } from './he-prescription';
import { TextField } from '../forms/TextField';
import { prescriptionQuery, usePrescriptionChange } from './prescription-query';
import './prescription.css';

/** How long the saved / deleted message stays (spec 9's settings success, 3 s). */
const DONE_MESSAGE_MS = 3000;

/** The account's "my prescription" section: the T/C categories and monthly grams, saved or deleted by their owner. */
export function PrescriptionSection() {
  const session = useSession();
  const query = useQuery({ ...prescriptionQuery(session?.claims.sub), enabled: session !== null });
  // Kept here: a save or a delete draws the form afresh (new defaults), the message stays.
  const [done, setDone] = useState('');
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(''), DONE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <section className="prescription" aria-labelledby="prescription-title">
      <h2 id="prescription-title">{hePrescription.title}</h2>
      <p className="prescription-lead">{hePrescription.lead}</p>
      {query.isPending ? (
        <p role="status">{heAuth.working}</p>
      ) : query.isError ? (
        <p className="form-error" role="alert">{query.error.message || Messages.generic}</p>
      ) : (
        <PrescriptionForm key={query.data.prescription?.updatedAt ?? 'none'} prescription={query.data.prescription} onDone={setDone} />
      )}
      <p role="status" className="contact-success">{done}</p>
    </section>
  );
}

function PrescriptionForm({ prescription, onDone }: { prescription: Prescription | null; onDone: (message: string) => void }) {
  const change = usePrescriptionChange();
  const groupId = useId();
  const form = useForm<PrescriptionDto>({
    resolver: classValidatorResolver(PrescriptionDto),
    defaultValues: { categories: prescription?.categories ?? [], monthlyGrams: prescription?.monthlyGrams },
  });
  const categoriesError = form.formState.errors.categories?.message;
  const save = (values: PrescriptionDto) => change.mutate(values, { onSuccess: () => onDone(Messages.prescriptionSaved) });
  const remove = () => change.mutate(null, { onSuccess: () => onDone(Messages.prescriptionDeleted) });

  return (
    <form className="contact-form prescription-form" noValidate onSubmit={(e) => void form.handleSubmit(save)(e)}>
      {!prescription && <p>{hePrescription.none}</p>}
      <fieldset
        className="prescription-categories"
        aria-invalid={categoriesError ? true : undefined}
        aria-describedby={categoriesError ? `${groupId}-error` : undefined}
      >
        <legend>{hePrescription.categories}</legend>
        <ul className="chip-list">
          {PRESCRIPTION_CATEGORIES.map((category) => (
            <li key={category}>
              <label className="prescription-category">
                <input type="checkbox" value={category} {...form.register('categories')} />
                <bdi dir="ltr">{category}</bdi>
              </label>
            </li>
          ))}
        </ul>
        {categoriesError && (
          <p id={`${groupId}-error`} className="form-error">
            {categoriesError}
          </p>
        )}
      </fieldset>
      <TextField form={form} name="monthlyGrams" label={hePrescription.monthlyGrams} type="number" />
      {change.isError && <p className="form-error" role="alert">{change.error.message || Messages.generic}</p>}
      <div className="prescription-actions">
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? heAuth.working : hePrescription.save}
        </button>
        {prescription && (
          <button type="button" className="button button-secondary" disabled={change.isPending} onClick={remove}>
            {hePrescription.remove}
          </button>
        )}
      </div>
    </form>
  );
}

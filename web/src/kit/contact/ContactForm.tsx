import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { ContactDto, Messages } from '@mc/contracts';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { apiFetch } from '../api/client';
import { heContact } from '../i18n/he';

const CONTACT_CLOSE_MS = 7000;
type Status = { state: 'collect' } | { state: 'submitting' } | { state: 'success' } | { state: 'failure'; message: string };

const FIELDS: { name: FieldPath<ContactDto>; type: string; autoComplete: string; dir?: 'ltr' }[] = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email', dir: 'ltr' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', dir: 'ltr' },
];

/**
 * The contact form (spec 4): collect, submitting, success (the dialog closes 7 s later and the form
 * resets), failure (the server's message). Validated by the contracts' ContactDto, as the server is.
 */
export default function ContactForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [status, setStatus] = useState<Status>({ state: 'collect' });
  const { register, handleSubmit, reset, formState: { errors } } = useForm<ContactDto>({
    resolver: classValidatorResolver(ContactDto),
    defaultValues: { name: '', email: '', phone: '', message: '' },
  });

  useEffect(() => {
    if (status.state !== 'success') return;
    const timer = setTimeout(() => {
      reset();
      setStatus({ state: 'collect' });
      onDone();
    }, CONTACT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status.state, reset, onDone]);

  const submit = handleSubmit(async (contact) => {
    setStatus({ state: 'submitting' });
    try {
      await apiFetch('/contact', { method: 'POST', body: JSON.stringify(contact) });
      setStatus({ state: 'success' });
    } catch (error) {
      setStatus({ state: 'failure', message: error instanceof Error && error.message ? error.message : Messages.generic });
    }
  });

  if (status.state === 'success') {
    return (
      <p className="contact-success" role="status">
        {heContact.success}
      </p>
    );
  }

  const field = (name: FieldPath<ContactDto>) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const error = (name: FieldPath<ContactDto>) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="form-error">
        {errors[name]?.message}
      </p>
    );

  return (
    <form className="contact-form" noValidate onSubmit={(event) => void submit(event)}>
      {FIELDS.map(({ name, type, autoComplete, dir }) => (
        <div key={name} className="form-field">
          <label htmlFor={`${id}-${name}`}>{heContact.fields[name]}</label>
          <input type={type} autoComplete={autoComplete} dir={dir} {...field(name)} />
          {error(name)}
        </div>
      ))}
      <div className="form-field">
        <label htmlFor={`${id}-message`}>{heContact.fields.message}</label>
        <textarea rows={4} {...field('message')} />
        {error('message')}
      </div>
      {status.state === 'failure' && (
        <p className="form-error" role="alert">
          {status.message}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={status.state === 'submitting'}>
        {status.state === 'submitting' ? heContact.sending : heContact.send}
      </button>
    </form>
  );
}

import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { ErrorCodes, ForgotPasswordDto, Messages, SignInDto, SignUpDto, type AuthTokenResponse } from '@mc/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { apiFetch, isApiError } from '../api/client';
import { TextField } from '../components/forms/TextField';
import { heAuth } from '../i18n/he';
import { authDialog } from './auth-dialog';
import { sessions } from './session';

type Failure = { message: string; code?: string } | null;
const post = <T,>(path: string, body: unknown) => apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });
const failureOf = (error: unknown): Failure => ({ message: error instanceof Error && error.message ? error.message : Messages.generic, code: isApiError(error) ? error.code : undefined });

function FormFrame({ onSubmit, busy, submitLabel, failure, children, after }: {
  onSubmit: () => void; busy: boolean; submitLabel: string; failure: Failure; children: ReactNode; after?: ReactNode;
}) {
  return (
    <form className="contact-form" noValidate onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
      {children}
      {failure && (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      )}
      {after}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? heAuth.working : submitLabel}
      </button>
    </form>
  );
}

function SignInForm() {
  const form = useForm<SignInDto>({ resolver: classValidatorResolver(SignInDto), defaultValues: { email: '', password: '' } });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [resent, setResent] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      sessions.signIn(await post<AuthTokenResponse>('/auth/signin', values));
      authDialog.open('signedIn');
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  });
  const resend = async () => {
    try {
      setResent((await post<{ message: string }>('/auth/resend-activation', { email: form.getValues('email') })).message);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };
  return (
    <FormFrame
      onSubmit={() => void submit()}
      busy={busy}
      submitLabel={heAuth.signIn}
      failure={failure}
      after={failure?.code === ErrorCodes.userPending && (
        resent ? <p role="status">{resent}</p> : <button type="button" className="button button-secondary" onClick={() => void resend()}>{heAuth.resend}</button>
      )}
    >
      <TextField form={form} name="email" label={heAuth.email} type="email" autoComplete="email" dir="ltr" />
      <TextField form={form} name="password" label={heAuth.password} type="password" autoComplete="current-password" dir="ltr" />
    </FormFrame>
  );
}

function SignUpForm() {
  const form = useForm<SignUpDto>({
    resolver: classValidatorResolver(SignUpDto),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', subscribe: true, agreeTOU: false },
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const agreeId = useId();
  const subscribeId = useId();
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      await post('/auth/signup', values);
      authDialog.open('signedUp');
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  });
  const agreeError = form.formState.errors.agreeTOU?.message;
  return (
    <FormFrame onSubmit={() => void submit()} busy={busy} submitLabel={heAuth.signUp} failure={failure}>
      <TextField form={form} name="firstName" label={heAuth.firstName} autoComplete="given-name" />
      <TextField form={form} name="lastName" label={heAuth.lastName} autoComplete="family-name" />
      <TextField form={form} name="email" label={heAuth.email} type="email" autoComplete="email" dir="ltr" />
      <TextField form={form} name="password" label={heAuth.password} type="password" autoComplete="new-password" dir="ltr" />
      <div className="form-check">
        <input id={subscribeId} type="checkbox" {...form.register('subscribe')} />
        <label htmlFor={subscribeId}>{heAuth.subscribe}</label>
      </div>
      <div className="form-check">
        <input id={agreeId} type="checkbox" aria-invalid={agreeError ? true : undefined} aria-describedby={agreeError ? `${agreeId}-error` : undefined} {...form.register('agreeTOU')} />
        <label htmlFor={agreeId}>
          {heAuth.agree} <a href="/terms-of-use" target="_blank" rel="noopener">{heAuth.terms}</a>
        </label>
      </div>
      {agreeError && <p id={`${agreeId}-error`} className="form-error">{agreeError}</p>}
    </FormFrame>
  );
}

function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordDto>({ resolver: classValidatorResolver(ForgotPasswordDto), defaultValues: { email: '' } });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      setDone((await post<{ message: string }>('/auth/forgot-password', values)).message);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  });
  if (done) return <p role="status" className="contact-success">{done}</p>;
  return (
    <FormFrame onSubmit={() => void submit()} busy={busy} submitLabel={heAuth.sendResetLink} failure={failure}>
      <TextField form={form} name="email" label={heAuth.email} type="email" autoComplete="email" dir="ltr" />
    </FormFrame>
  );
}

/** The forms of the dialog's three modes, loaded on first open (they carry the validation library). */
export default function AuthForms({ mode }: { mode: 'signIn' | 'signUp' | 'forgotPassword' }) {
  if (mode === 'signUp') return <SignUpForm />;
  if (mode === 'forgotPassword') return <ForgotPasswordForm />;
  return <SignInForm />;
}

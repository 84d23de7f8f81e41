import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { ErrorCodes, ForgotPasswordDto, Messages, PhoneSignInDto, SignInDto, SignUpDto, SMS_CODE, SMS_CODE_PATTERN, type AuthTokenResponse } from '@mc/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { apiFetch, isApiError } from '../api/client';
import { TextField } from '../forms/TextField';
import { heAuth } from '../i18n/he';
import { authDialog } from './auth-dialog';
import { GoogleSignInButton } from './GoogleSignInButton';
import { sessions } from './session';

type Failure = { message: string; code?: string } | null;
const post = <T,>(path: string, body: unknown) => apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });
const failureOf = (error: unknown): Failure => ({ message: error instanceof Error && error.message ? error.message : Messages.generic, code: isApiError(error) ? error.code : undefined });

function FormFrame({ onSubmit, busy, submitLabel, failure, children, after }: {
  onSubmit: () => void; busy: boolean; submitLabel: string; failure: Failure; children: ReactNode; after?: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  // The dialog opens before this (lazily loaded) form is there, so its own first-focus lands on the mode links:
  // each form takes the focus to its first field as it appears (every mode remounts it).
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input:not([type=hidden]):not(:disabled)')?.focus();
  }, []);
  return (
    <form ref={form} className="contact-form" noValidate onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
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
    // Unticked: marketing needs the patient's active consent (Communications Law §30A), over spec 5's 'checked by default'.
    defaultValues: { firstName: '', lastName: '', email: '', password: '', subscribe: false, agreeTOU: false },
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
          {/* No space after the prefix 'ל': it is written joined to the linked words ('לתנאי השימוש'). */}
          {heAuth.agree}<a href="/terms-of-use" target="_blank" rel="noopener">{heAuth.terms}</a>
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

/** One single-digit box per digit of the code (6, stronger than spec 5's 4); the code is sent as soon as all are filled. */
function CodeBoxes({ onComplete, disabled }: { onComplete: (code: string) => void; disabled: boolean }) {
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length: SMS_CODE.digits }, () => ''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => boxes.current[0]?.focus(), []);
  const set = (index: number, value: string) => {
    const digit = value.replace(/\D/g, '').slice(-1);
    const next = digits.map((d, i) => (i === index ? digit : d));
    setDigits(next);
    if (digit && index < SMS_CODE.digits - 1) boxes.current[index + 1]?.focus();
    const code = next.join('');
    if (SMS_CODE_PATTERN.test(code)) onComplete(code);
  };
  return (
    <div className="code-boxes" dir="ltr" role="group" aria-label={heAuth.code}>
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => { boxes.current[i] = el; }}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={heAuth.codeDigit(i + 1)}
          value={digit}
          disabled={disabled}
          onChange={(e) => set(i, e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Backspace' && !digit && i > 0) boxes.current[i - 1]?.focus(); }}
        />
      ))}
    </div>
  );
}

/** Sign-in by SMS: the phone, then the code texted to it; asking again is locked for 30 s (spec 4). */
function SmsSignInForm() {
  const form = useForm<PhoneSignInDto>({ resolver: classValidatorResolver(PhoneSignInDto), defaultValues: { phone: '' } });
  const [phone, setPhone] = useState<string | null>(null);
  const [lockedFor, setLockedFor] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (lockedFor <= 0) return;
    const timer = setTimeout(() => setLockedFor((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [lockedFor]);
  const request = async (to: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await post('/auth/sms/request', { phone: to });
      setPhone(to);
      setLockedFor(SMS_CODE.resendAfterSeconds);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  const verify = async (code: string) => {
    setBusy(true);
    setFailure(null);
    try {
      sessions.signIn(await post<AuthTokenResponse>('/auth/sms/verify', { phone, code }));
      authDialog.open('signedIn');
    } catch (error) {
      setFailure(failureOf(error));
      setAttempt((n) => n + 1); // fresh boxes for another try
    } finally {
      setBusy(false);
    }
  };
  if (!phone) {
    return (
      <FormFrame onSubmit={() => void form.handleSubmit(({ phone: to }) => request(to))()} busy={busy} submitLabel={heAuth.sendCode} failure={failure}>
        <TextField form={form} name="phone" label={heAuth.phone} type="tel" autoComplete="tel" dir="ltr" />
      </FormFrame>
    );
  }
  return (
    <div className="contact-form">
      <p>{heAuth.codeSentTo(phone)}</p>
      <CodeBoxes key={attempt} onComplete={(code) => void verify(code)} disabled={busy} />
      {failure && <p className="form-error" role="alert">{failure.message}</p>}
      <button type="button" className="button button-secondary" disabled={lockedFor > 0 || busy} onClick={() => void request(phone)}>
        {lockedFor > 0 ? heAuth.resendIn(lockedFor) : heAuth.resendCode}
      </button>
    </div>
  );
}

/** The forms of the dialog's modes, loaded on first open (they carry the validation library); sign-in and sign-up also offer Google. */
export default function AuthForms({ mode }: { mode: 'signIn' | 'signUp' | 'forgotPassword' | 'smsSignIn' }) {
  if (mode === 'smsSignIn') return <SmsSignInForm />;
  if (mode === 'forgotPassword') return <ForgotPasswordForm />;
  if (mode === 'signUp') {
    return (
      <>
        <SignUpForm />
        <GoogleSignInButton mode="signUp" />
      </>
    );
  }
  return (
    <>
      <SignInForm />
      <GoogleSignInButton mode="signIn" />
    </>
  );
}

import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import {
  AddressDto, ChangePasswordDto, Messages, UserSettingsDto, type Address, type AuthTokenResponse, type UserProfile,
} from '@mc/contracts';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiFetch, isApiError } from '../../kit/api/client';
import '../../kit/auth/auth.css';
import { sessions } from '../../kit/auth/session';
import { useSession } from '../../kit/auth/use-session';
import { useUpdateUserInfo, userInfoQuery } from '../../kit/auth/user-info';
import '../../kit/forms/forms.css';
import { AddressCombobox } from '../../kit/forms/AddressCombobox';
import { useAddressFill } from '../../kit/forms/use-address-fill';
import { PrescriptionSection } from '../../kit/prescription/PrescriptionForm';
import { TextField } from '../../kit/forms/TextField';
import { he, heAuth } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';

/** Spec 4: a settings form's success message goes back to the form after 3 s. */
export const SAVED_MESSAGE_MS = 3000;
const send = <T,>(method: string, path: string, body: unknown) => apiFetch<T>(path, { method, body: JSON.stringify(body) });

/** The form states of spec 4: collect, submitting, success (back to collect after 3 s), failure. */
function useFormStatus<A, R>(action: (args: A) => Promise<R>, onSuccess?: (result: R) => void) {
  const mutation = useMutation({ mutationFn: action, onSuccess });
  const [showSaved, setShowSaved] = useState(false);
  useEffect(() => {
    if (!mutation.isSuccess) return;
    setShowSaved(true);
    const timer = setTimeout(() => setShowSaved(false), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, mutation.submittedAt]);
  return { mutation, showSaved };
}

function DetailsForm({ user }: { user: UserProfile }) {
  const updateUserInfo = useUpdateUserInfo();
  const form = useForm<UserSettingsDto>({
    resolver: classValidatorResolver(UserSettingsDto),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '', subscribed: user.subscribed },
  });
  const subscribedId = useId();
  const emailId = useId();
  const { mutation, showSaved } = useFormStatus(
    (values: UserSettingsDto) => send<{ user: UserProfile }>('PATCH', '/user', values),
    (answer) => updateUserInfo(answer),
  );
  return (
    <form className="contact-form" noValidate onSubmit={(e) => void form.handleSubmit((values) => mutation.mutate(values))(e)}>
      <h2>{heAuth.detailsTitle}</h2>
      <TextField form={form} name="firstName" label={heAuth.firstName} autoComplete="given-name" />
      <TextField form={form} name="lastName" label={heAuth.lastName} autoComplete="family-name" />
      <div className="form-field">
        <label htmlFor={emailId}>{heAuth.email}</label>
        <input id={emailId} type="email" dir="ltr" value={user.email} disabled readOnly />
      </div>
      <TextField form={form} name="phone" label={heAuth.phone} type="tel" dir="ltr" autoComplete="tel" />
      <div className="form-check">
        <input id={subscribedId} type="checkbox" {...form.register('subscribed')} />
        <label htmlFor={subscribedId}>{heAuth.subscribe}</label>
      </div>
      {mutation.isError && <p className="form-error" role="alert">{mutation.error.message || Messages.generic}</p>}
      <p role="status" className="contact-success">{showSaved ? Messages.detailsSaved : ''}</p>
      <button type="submit" className="button button-primary" disabled={mutation.isPending}>
        {mutation.isPending ? heAuth.working : heAuth.save}
      </button>
    </form>
  );
}

function PasswordForm() {
  const form = useForm<ChangePasswordDto>({ resolver: classValidatorResolver(ChangePasswordDto), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { mutation, showSaved } = useFormStatus(
    ({ currentPassword, newPassword }: ChangePasswordDto) => send<AuthTokenResponse>('POST', '/user/password', { currentPassword, newPassword }),
    (answer) => {
      sessions.signIn(answer);
      form.reset();
    },
  );
  return (
    <form className="contact-form" noValidate onSubmit={(e) => void form.handleSubmit((values) => mutation.mutate(values))(e)}>
      <h2>{heAuth.passwordTitle}</h2>
      <TextField form={form} name="currentPassword" label={heAuth.currentPassword} type="password" dir="ltr" autoComplete="current-password" />
      <TextField form={form} name="newPassword" label={heAuth.newPassword} type="password" dir="ltr" autoComplete="new-password" />
      <TextField form={form} name="confirmPassword" label={heAuth.confirmPassword} type="password" dir="ltr" autoComplete="new-password" />
      {mutation.isError && <p className="form-error" role="alert">{mutation.error.message || Messages.generic}</p>}
      <p role="status" className="contact-success">{showSaved ? Messages.passwordChanged : ''}</p>
      <button type="submit" className="button button-primary" disabled={mutation.isPending}>
        {mutation.isPending ? heAuth.working : heAuth.changePassword}
      </button>
    </form>
  );
}

/**
 * One address's form (new or existing): the street-and-city rule, the house number filled from the text;
 * the address field suggests streets, and choosing one fills the address and its house number.
 */
function AddressForm({ address, onDone }: { address?: Address; onDone: () => void }) {
  const updateUserInfo = useUpdateUserInfo();
  const defaultId = useId();
  const form = useForm<AddressDto>({
    resolver: classValidatorResolver(AddressDto),
    defaultValues: address
      ? { address: address.address, houseNumber: address.houseNumber, floor: address.floor ?? undefined, apartment: address.apartment ?? undefined, isDefault: address.isDefault }
      : { address: '', houseNumber: '', isDefault: false },
  });
  const { mutation, showSaved } = useFormStatus(
    (values: AddressDto) => send<{ addresses: Address[] }>(address ? 'PATCH' : 'POST', address ? `/user/addresses/${address.id}` : '/user/addresses', values),
    (answer) => {
      updateUserInfo(answer);
      if (!address) form.reset();
      onDone();
    },
  );
  const choose = useAddressFill(form);
  return (
    <form className="contact-form address-form" noValidate onSubmit={(e) => void form.handleSubmit((values) => mutation.mutate(values))(e)}>
      <AddressCombobox form={form} onChoose={choose} />
      <TextField form={form} name="houseNumber" label={heAuth.houseNumber} />
      <TextField form={form} name="floor" label={heAuth.floor} type="number" />
      <TextField form={form} name="apartment" label={heAuth.apartment} type="number" />
      <div className="form-check">
        <input id={defaultId} type="checkbox" {...form.register('isDefault')} />
        <label htmlFor={defaultId}>{heAuth.defaultAddress}</label>
      </div>
      {mutation.isError && <p className="form-error" role="alert">{mutation.error.message || Messages.generic}</p>}
      <p role="status" className="contact-success">{showSaved ? Messages.addressSaved : ''}</p>
      <button type="submit" className="button button-primary" disabled={mutation.isPending}>
        {mutation.isPending ? heAuth.working : address ? heAuth.save : heAuth.addAddress}
      </button>
    </form>
  );
}

/** The shipping addresses: each with its default mark and remove, and the form for a new one. */
function AddressBook({ addresses }: { addresses: Address[] }) {
  const updateUserInfo = useUpdateUserInfo();
  const [editing, setEditing] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => send<{ addresses: Address[] }>('DELETE', `/user/addresses/${id}`, undefined),
    onSuccess: (answer) => updateUserInfo(answer),
  });
  return (
    <section aria-labelledby="addresses-title">
      <h2 id="addresses-title">{heAuth.addressesTitle}</h2>
      {addresses.length > 0 && (
        <ul className="address-list">
          {addresses.map((a) => (
            <li key={a.id} className="address-item">
              {editing === a.id ? (
                <AddressForm address={a} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <span>
                    {a.address}
                    {a.floor != null && `, ${heAuth.floor} ${a.floor}`}
                    {a.apartment != null && `, ${heAuth.apartment} ${a.apartment}`}
                    {a.isDefault && <strong className="chip"> {heAuth.defaultAddress}</strong>}
                  </span>
                  <button type="button" className="link-button" onClick={() => setEditing(a.id)}>
                    {heAuth.edit}<span className="visually-hidden"> {a.address}</span>
                  </button>
                  <button type="button" className="link-button" disabled={remove.isPending} onClick={() => remove.mutate(a.id)}>
                    {heAuth.remove}<span className="visually-hidden"> {a.address}</span>
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <p className="form-error" role="alert">{remove.error.message || Messages.generic}</p>}
      <h3>{heAuth.newAddress}</h3>
      <AddressForm onDone={() => undefined} />
    </section>
  );
}

/** /user/settings: personal details, and the password form only for accounts that sign in with one (spec 6). */
export function SettingsPage() {
  useDocumentTitle(heAuth.settingsTitle);
  const session = useSession();
  // Signed out on the page: home.
  if (!session) return <Navigate to="/" />;
  return <Settings userId={session.claims.sub} />;
}

/** Loaded by the route: its loading and failure screens are the route's. */
function Settings({ userId }: { userId: string }) {
  const query = useSuspenseQuery(userInfoQuery(userId));
  return (
    <section className="card account-card" aria-labelledby="settings-title">
      <h1 id="settings-title">{heAuth.settingsTitle}</h1>
      <DetailsForm user={query.data.user} />
      <AddressBook addresses={query.data.addresses} />
      <PrescriptionSection />
      {query.data.user.authMethod === 'password' && <PasswordForm />}
    </section>
  );
}

/**
 * /unsubscribe?email=…|phone=…[&sig=…]: needs one in a valid format, otherwise goes to /. The e-mailed link is signed
 * (`sig`); without a signature only the signed-in owner of the address is unsubscribed. The signature leaves the
 * address bar once read.
 */
export function UnsubscribePage() {
  const target = getRouteApi('/unsubscribe').useSearch();
  const navigate = useNavigate();
  const [sig] = useState(target.sig);
  const unsubscribe = useMutation({ mutationFn: () => send<{ message: string }>('POST', '/auth/unsubscribe', { email: target.email, phone: target.phone, sig }) });
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (target.email || target.phone) mutate();
  }, [target.email, target.phone, mutate]);
  useEffect(() => {
    if (target.sig) void navigate({ to: '/unsubscribe', search: { email: target.email, phone: target.phone, sig: undefined }, replace: true });
  }, [target.sig, target.email, target.phone, navigate]);
  if (!target.email && !target.phone) return <Navigate to="/" />;
  const failure = unsubscribe.isError && isApiError(unsubscribe.error) && unsubscribe.error.status === 401 ? Messages.unsubscribeSignInRequired : Messages.unsubscribeFailed;
  return (
    <section className="card account-card">
      <h1>{heAuth.unsubscribeTitle}</h1>
      <p role="status">
        {unsubscribe.isSuccess ? Messages.unsubscribed : unsubscribe.isError ? failure : he.loading}
      </p>
    </section>
  );
}


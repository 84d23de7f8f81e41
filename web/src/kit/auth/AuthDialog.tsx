import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { he, heAuth } from '../i18n/he';
import { authDialog, NOTICE_CLOSE_MS, smsSignInEnabled, useAuthDialogMode, type AuthMode } from './auth-dialog';
import '../forms/forms.css';
import './auth.css';

const AuthForms = lazy(() => import('./AuthForms'));
const FORM_MODES = ['signIn', 'signUp', 'forgotPassword', 'smsSignIn'] as const;
type FormMode = (typeof FORM_MODES)[number];
const isFormMode = (mode: AuthMode): mode is FormMode => (FORM_MODES as readonly string[]).includes(mode);

/** Links between the modes, as the dialog's footer. */
function ModeLinks({ mode }: { mode: FormMode }) {
  const links: [AuthMode, string][] = mode === 'signIn'
    ? [['signUp', heAuth.toSignUp], ['forgotPassword', heAuth.toForgot], ...(smsSignInEnabled ? [['smsSignIn', heAuth.toSms] as [AuthMode, string]] : [])]
    : [['signIn', heAuth.toSignIn]];
  return (
    <p className="auth-links">
      {links.map(([target, label]) => (
        <button key={target} type="button" className="link-button" onClick={() => authDialog.open(target)}>
          {label}
        </button>
      ))}
    </p>
  );
}

/**
 * The authentication dialog of spec 4: sign-in, sign-up and forgot-password, the welcome notices after
 * signing in or up and the sign-out confirmation (each closes after 5 s). Closing resets to sign-in.
 */
export function AuthDialog() {
  const mode = useAuthDialogMode();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (mode && !element.open) element.showModal();
    if (!mode && element.open) element.close();
    if (mode && !isFormMode(mode)) {
      const timer = setTimeout(() => authDialog.close(), NOTICE_CLOSE_MS);
      return () => clearTimeout(timer);
    }
  }, [mode]);

  return (
    <dialog ref={dialog} className="pharm-dialog contact-dialog" aria-labelledby={titleId} onClose={() => authDialog.close()}>
      {mode && (
        <>
          <h2 id={titleId} className="pharm-dialog-title">
            {heAuth.titles[mode]}
          </h2>
          {isFormMode(mode) ? (
            <>
              <Suspense fallback={<p role="status">{he.loading}</p>}>
                <AuthForms key={mode} mode={mode} />
              </Suspense>
              <ModeLinks mode={mode} />
            </>
          ) : (
            <p role="status">{heAuth.notices[mode]}</p>
          )}
        </>
      )}
      <form method="dialog">
        <button type="submit" className="button button-secondary">
          {heAuth.close}
        </button>
      </form>
    </dialog>
  );
}

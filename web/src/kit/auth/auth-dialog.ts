import { useSyncExternalStore } from 'react';

/**
 * The modes of spec 4's authentication dialog, and its notices: welcome back (`signedIn`, also after a password
 * reset, with spec 8's text), welcome to a new account (`activated`, or `welcome` when Google sign-in made it), signed up
 * and signed out.
 */
export type AuthMode = 'signIn' | 'signUp' | 'forgotPassword' | 'smsSignIn' | 'signedIn' | 'passwordReset' | 'activated' | 'welcome' | 'signedUp' | 'signedOut';
export const NOTICE_CLOSE_MS = 5000;
/** Spec 6: sign-in by SMS code is behind a feature flag (off in production). */
export const smsSignInEnabled = import.meta.env.VITE_FEATURE_SMS_SIGNIN === '1';

let mode: AuthMode | null = null;
const listeners = new Set<() => void>();
const set = (next: AuthMode | null) => {
  mode = next;
  for (const listener of listeners) listener();
};

/** Opens the dialog in a mode (sign-in by default); closing it resets it to sign-in. */
export const authDialog = {
  open: (next: AuthMode = 'signIn') => set(next),
  close: () => set(null),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => mode,
};

export const useAuthDialogMode = () => useSyncExternalStore(authDialog.subscribe, authDialog.get, authDialog.get);

import { Messages, type GoogleCallbackResponse } from '@mc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../kit/api/client';
import { authDialog } from '../../kit/auth/auth-dialog';
import { GOOGLE_FAILURE_RETURN_MS, googleCallbackQuery, takeGoogleReturnPath } from '../../kit/auth/google-sign-in';
import { sessions } from '../../kit/auth/session';
import { heAuth } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';

/** The server's message with the way back to the site, taken by itself after 5 seconds (spec 4). */
function CallbackFailure({ message, returnTo }: { message: string; returnTo: string }) {
  const navigate = useNavigate();
  const back = useCallback(() => void navigate({ href: returnTo, replace: true }), [navigate, returnTo]);
  useEffect(() => {
    const timer = setTimeout(back, GOOGLE_FAILURE_RETURN_MS);
    return () => clearTimeout(timer);
  }, [back]);
  return (
    <section className="state-panel" role="alert" aria-labelledby="google-callback-title">
      <h1 id="google-callback-title" className="state-title">
        {heAuth.google.failedTitle}
      </h1>
      <p className="state-text">{message}</p>
      <p className="state-text">{heAuth.google.returningSoon(GOOGLE_FAILURE_RETURN_MS / 1000)}</p>
      <div className="state-actions">
        <button type="button" className="button button-primary" onClick={back}>
          {heAuth.google.backToSite}
        </button>
      </div>
    </section>
  );
}

/**
 * /auth/google-callback (spec 4): Google sent the browser back with a code. Submitting it signs in: the
 * token is stored, the browser returns to the page the sign-in started from and the welcome notice opens;
 * or the server's message is shown with a way back to the site.
 */
export function GoogleCallbackPage() {
  useDocumentTitle(heAuth.google.pageTitle);
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const navigate = useNavigate();
  const started = useRef(false);
  const [returnTo, setReturnTo] = useState('/');
  const signIn = useMutation({
    mutationFn: ({ code, state }: { code: string; state: string }) =>
      apiFetch<GoogleCallbackResponse>(`/auth/google/callback?${new URLSearchParams({ code, state })}`),
    onSuccess: (answer) => {
      sessions.signIn(answer);
      void navigate({ href: takeGoogleReturnPath(answer.returnTo), replace: true });
      authDialog.open(answer.created ? 'welcome' : 'signedIn');
    },
    onError: () => setReturnTo(takeGoogleReturnPath()),
  });
  const { mutate } = signIn;
  useEffect(() => {
    // Once: a code is good for one try.
    if (started.current) return;
    started.current = true;
    mutate(googleCallbackQuery(searchStr));
  }, [searchStr, mutate]);

  if (signIn.isError) return <CallbackFailure message={signIn.error.message || Messages.generic} returnTo={returnTo} />;
  return (
    <section className="state-panel" aria-labelledby="google-callback-title">
      <h1 id="google-callback-title" className="state-title">
        {heAuth.google.pageTitle}
      </h1>
      <p className="state-text" role="status">
        {heAuth.google.signingIn}
      </p>
    </section>
  );
}

import { Messages } from '@mc/contracts';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { he } from '../i18n/he';
import { ErrorView } from './ErrorView';

/** A page whose data is on its way (the router shows it when the page's loader takes a while). */
export function RoutePending() {
  return (
    <p className="list-loading" role="status">
      {he.loading}
    </p>
  );
}

/**
 * A page whose data failed to load: the server's message (a 503 says which service is down) and a retry, which
 * runs the page's loaders again.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  // The failed queries may be asked again (a suspense query does not retry a failed answer by itself).
  useEffect(() => queryErrors.reset(), [queryErrors]);
  const message = error instanceof Error && error.message ? error.message : Messages.generic;
  return <ErrorView message={message} onRetry={() => void router.invalidate()} />;
}

/** What one run of a passport strategy ended with (passport's own augmentations of a strategy, as values). */
export type StrategyOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'success'; user: unknown; info: unknown }
  | { kind: 'fail'; challenge: unknown; status?: number }
  | { kind: 'error'; error: unknown }
  | { kind: 'pass' }
  | { kind: 'timeout' };

interface Authenticator {
  authenticate(req: unknown, options?: object): void;
}

/**
 * Runs `strategy.authenticate` the way passport's middleware does (a per-request object made from the
 * strategy, given `redirect`, `success`, `fail`, `error` and `pass`), but answers with what happened instead
 * of writing to a response: the gateway answers JSON ({ url } or { jwt }) where passport would redirect.
 * A strategy that has not ended after `timeoutMs` (a provider that does not answer) ends as `timeout`.
 */
export function runStrategy(strategy: Authenticator, req: object, options: object, timeoutMs: number): Promise<StrategyOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: StrategyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ kind: 'timeout' }), timeoutMs);
    const attempt = Object.assign(Object.create(strategy) as Authenticator, {
      redirect: (url: string) => settle({ kind: 'redirect', url }),
      success: (user: unknown, info: unknown) => settle({ kind: 'success', user, info }),
      fail: (challenge: unknown, status?: number) => settle({ kind: 'fail', challenge, status }),
      error: (error: unknown) => settle({ kind: 'error', error }),
      pass: () => settle({ kind: 'pass' }),
    });
    try {
      attempt.authenticate(req, options);
    } catch (error) {
      settle({ kind: 'error', error });
    }
  });
}

import { waitFor } from '@mc/kit/testing';
/** Calls the running gateway the way the web does, with the client headers API.md names. */
export const gatewayUrl = () => process.env.GATEWAY_URL ?? 'http://127.0.0.1:18080';

export const CLIENT_HEADERS = { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': process.env.API_KEY ?? 'mc-local-web-key' };

export async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: any; headers: Headers; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${gatewayUrl()}${path}`, { redirect: 'manual', ...init, headers: { ...CLIENT_HEADERS, ...(init.headers ?? {}) } });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body, headers: res.headers, ms: performance.now() - started };
}

/** The local mailbox's e-mails and texts, newest first, each as the HTML of its `<article>`. */
export async function mailbox(): Promise<string[]> {
  const page = await api('/dev/mailbox');
  if (page.status !== 200) throw new Error(`/dev/mailbox answered ${page.status}`);
  return String(page.body).split('<article>').slice(1);
}

/** Waits until `pick` finds something (a token, a code) in a message of the local mailbox; answers the newest find. */
export const fromMailbox = async <T>(what: string, pick: (article: string) => T | undefined, timeoutMs = 15_000): Promise<T> =>
  (await waitFor(what, async () => (await mailbox()).map(pick).find((found) => found !== undefined), { until: (found) => found !== undefined, timeoutMs, intervalMs: 200 }))!;

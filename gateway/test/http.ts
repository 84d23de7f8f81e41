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

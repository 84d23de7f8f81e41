/** The gateway's API as the browser tests call it beside the page: headers of the web app, JSON in and out. */
import { webcrypto } from 'node:crypto';
import type { CheckoutPublicKey, PharmProduct } from '@mc/contracts';
import { GATEWAY_URL } from './browser';

export const API_HEADERS = { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': process.env.API_KEY ?? 'mc-local-web-key' };

/** `method path` with a JSON body and a bearer token when given; the answer's JSON, or an error naming the status. */
export async function api<T>(path: string, { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${GATEWAY_URL}${path}`, {
    method,
    headers: { ...API_HEADERS, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A new, active account (signed up and activated through the API, the link read from the local mailbox): its token. */
export async function newAccount(email: string, password: string, name = { firstName: 'רות', lastName: 'כהן' }): Promise<string> {
  await api('/api/auth/signup', { method: 'POST', body: { ...name, email, password, agreeTOU: true } });
  let token: string | undefined;
  for (let i = 0; i < 75 && !token; i++) {
    const page = await (await fetch(`${GATEWAY_URL}/dev/mailbox`, { headers: API_HEADERS })).text();
    const article = page.split('<article>').slice(1).find((a) => a.includes(email) && a.includes('/auth/verify-email'));
    token = article?.match(/token=([^"&<\s]+)/)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!token) throw new Error(`no activation e-mail to ${email}`);
  const { jwt } = await api<{ jwt: string }>('/api/auth/activate', { method: 'POST', body: { activationToken: decodeURIComponent(token) } });
  return jwt;
}

/** A pharmacy's offers in stock, cheapest first. */
export async function inStockOffers(pharmSlug: string): Promise<PharmProduct[]> {
  const body = await api<{ pharmProducts: PharmProduct[] }>(`/api/pharms/${pharmSlug}/products?sortBy=price`);
  return body.pharmProducts.filter((o) => o.inStock);
}

/** The ID number encrypted as the browser does it (RSA-OAEP-256 under the checkout's public key). */
export async function encryptIdNumber(idNumber: string, token: string) {
  const { keyId, publicKey } = await api<CheckoutPublicKey>('/api/checkout/public-key', { token });
  const key = await webcrypto.subtle.importKey('spki', Buffer.from(publicKey, 'base64'), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const ciphertext = await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(JSON.stringify({ idNumber })));
  return { keyId, ciphertext: Buffer.from(ciphertext).toString('base64') };
}

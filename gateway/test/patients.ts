import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { CheckoutPublicKey } from '@mc/contracts';
import { api, fromMailbox } from './http';

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** A new patient, signed up, activated from the mailed link and signed in: their token and e-mail. */
export async function signedInUser(name: string): Promise<{ jwt: string; email: string }> {
  const email = `e2e-checkout-${name}-${Date.now()}@example.co.il`;
  expect((await api('/api/auth/signup', json({ firstName: 'נועה', lastName: 'לוי', email, password: 'a good secret', agreeTOU: true }))).status).toBe(200);
  const pick = (a: string) => (a.includes(email) && a.includes('/auth/verify-email') ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined);
  const token = decodeURIComponent(await fromMailbox(`an activation e-mail to ${email}`, pick));
  expect((await api('/api/auth/activate', json({ activationToken: token }))).status).toBe(200);
  return { jwt: (await api('/api/auth/signin', json({ email, password: 'a good secret' }))).body.jwt, email };
}

/** The ID number as the checkout page sends it: sealed with order's public key (RSA-OAEP-256). */
export function encryptIdNumber(key: CheckoutPublicKey, idNumber: string) {
  const ciphertext = publicEncrypt(
    { key: createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify({ idNumber })),
  ).toString('base64');
  return { keyId: key.keyId, ciphertext };
}

import type { CheckoutPublicKey, EncryptedPiiDto } from '@mc/contracts';

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The ID number, encrypted in the browser (Web Crypto RSA-OAEP with SHA-256) with the key the order service
 * published: only the pharmacy's back office, through the order service, can read it. The number itself never
 * leaves the page.
 */
export async function encryptIdNumber(key: CheckoutPublicKey, idNumber: string): Promise<EncryptedPiiDto> {
  const publicKey = await crypto.subtle.importKey('spki', fromBase64(key.publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify({ idNumber }));
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, plain);
  return { keyId: key.keyId, ciphertext: toBase64(cipher) };
}

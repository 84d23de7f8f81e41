import { createPublicKey, type KeyObject } from 'node:crypto';
import type { SigningKeysResponse } from '@mc/contracts';

/** How long fetched keys are used before they are fetched again. */
export const KEYS_TTL_MS = 5 * 60_000;
/** An unknown kid (a new key, or a forged token) fetches again, but at most this often. */
export const UNKNOWN_KID_REFETCH_MS = 5_000;

/**
 * The public halves of identity's signing keys, by key id: fetched (`identity.keys.get`) when first needed, again
 * every 5 minutes, and for an unknown kid at most every 5 seconds. Concurrent misses share one fetch. Used by the
 * gateway's bearer strategy and by every service's caller guard.
 */
export class IdentityKeys {
  private cache?: { at: number; byKid: Map<string, KeyObject> };
  private inFlight?: Promise<Map<string, KeyObject>>;

  constructor(
    private readonly fetchKeys: () => Promise<SigningKeysResponse>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The public key of `kid`, or undefined when identity does not publish it. */
  async key(kid: string): Promise<KeyObject | undefined> {
    const age = this.cache ? this.now() - this.cache.at : Infinity;
    if (!this.cache || age > KEYS_TTL_MS || (!this.cache.byKid.has(kid) && age > UNKNOWN_KID_REFETCH_MS)) return (await this.refetch()).get(kid);
    return this.cache.byKid.get(kid);
  }

  private refetch(): Promise<Map<string, KeyObject>> {
    this.inFlight ??= this.fetchKeys()
      .then(({ keys }) => {
        const byKid = new Map(keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk as never, format: 'jwk' })]));
        this.cache = { at: this.now(), byKid };
        return byKid;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}

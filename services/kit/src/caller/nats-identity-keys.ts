import { Subjects, type SigningKeysResponse } from '@mc/contracts';
import { JSONCodec, type NatsConnection } from 'nats';
import { VerifiedTokens, type AccessTokenVerifier } from './access-token';
import { IdentityKeys } from './identity-keys';

const codec = JSONCodec();

/** Asks identity for its public keys the way the gateway's client does (Nest's request packet over NATS). */
async function fetchSigningKeys(nc: NatsConnection, timeoutMs = 3000): Promise<SigningKeysResponse> {
  const subject = Subjects.identity.keysGet;
  const reply = await nc.request(subject, codec.encode({ pattern: subject, data: {}, id: `keys-${Date.now()}` }), { timeout: timeoutMs });
  const packet = codec.decode(reply.data) as { err?: unknown; response?: SigningKeysResponse };
  if (packet.err || !packet.response || !Array.isArray(packet.response.keys)) throw new Error('identity.keys.get failed');
  return packet.response;
}

/** Every service but identity: verifies callers' tokens with identity's public keys, fetched over NATS and cached. */
export class IdentityKeysVerifier implements AccessTokenVerifier {
  readonly keys: IdentityKeys;
  private readonly verified = new VerifiedTokens();
  constructor(nc: NatsConnection) {
    this.keys = new IdentityKeys(() => fetchSigningKeys(nc));
  }

  verify(token: string) {
    return this.verified.verify(token, (kid) => this.keys.key(kid));
  }
}

import { Subjects } from '@mc/contracts';
import { rpcUntyped } from '@mc/kit/testing';
import type { NatsConnection } from 'nats';

/** The subjects that take their caller from the `x-caller` header (`@RequireUser()`), not from the payload. */
const CALLER_IN_HEADER: ReadonlySet<string> = new Set([
  Subjects.identity.refresh, Subjects.identity.signOut, Subjects.identity.userGet, Subjects.identity.userBusinesses, Subjects.identity.businessAccess,
  Subjects.identity.userUpdate, Subjects.identity.userGeo, Subjects.identity.phoneFill, Subjects.identity.passwordChange,
  Subjects.identity.favoritesList, Subjects.identity.favoriteAdd, Subjects.identity.favoriteRemove,
  Subjects.identity.addressList, Subjects.identity.addressCreate, Subjects.identity.addressUpdate, Subjects.identity.addressRemove,
  Subjects.identity.prescriptionGet, Subjects.identity.prescriptionSave, Subjects.identity.prescriptionRemove,
]);

/**
 * A request as the gateway sends it: for the subjects above, the test's `token` travels as the caller header, not in
 * the payload (a payload without one is an anonymous caller).
 */
export function callAsGateway<T>(nc: NatsConnection, subject: string, data: unknown): Promise<T> {
  if (CALLER_IN_HEADER.has(subject) && data && typeof data === 'object') {
    const { token, ...payload } = data as { token?: string };
    return rpcUntyped<T>(nc, subject, payload, { caller: token });
  }
  return rpcUntyped<T>(nc, subject, data);
}

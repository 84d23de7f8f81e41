import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an alert's one-click unsubscribe link: the alert's id and an HMAC of it with its owner's id, so
 * a token removes that one alert and no other, without sign-in.
 */
export function alertUnsubscribeToken(secret: string, alertId: number, userId: number): string {
  return `${alertId}.${mac(secret, alertId, userId)}`;
}

/** The alert id a token names (it still has to be checked against the alert's owner with `isAlertTokenOf`). */
export const alertIdOfToken = (token: string): number => Number(token.split('.')[0]);

export function isAlertTokenOf(secret: string, token: string, alertId: number, userId: number): boolean {
  const expected = Buffer.from(alertUnsubscribeToken(secret, alertId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const mac = (secret: string, alertId: number, userId: number): string =>
  createHmac('sha256', secret).update(`alert-unsubscribe:${alertId}:${userId}`).digest('base64url');

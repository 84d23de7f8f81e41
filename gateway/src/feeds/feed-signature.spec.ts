import { feedSignature } from '@mc/kit';
import { assertSigned, bodilessCallOf, FeedMessages, partnerCallOf } from './feed-signature';

const SECRET = 'a-partner-secret-of-some-length';
const secretOf = (partner: string) => (partner === 'yarpa' ? SECRET : undefined);
const NOW_S = 1_800_000_000;
const NOW = NOW_S * 1000;

const headers = (over: Record<string, string | undefined> = {}) => ({
  'x-feed-partner': 'yarpa', 'x-feed-timestamp': String(NOW_S), 'x-feed-signature': feedSignature(SECRET, NOW_S, 'body'), ...over,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
};

describe("a feed call's partner headers", () => {
  it('pass for a configured partner within five minutes either side, with a 64-hex signature (any case)', () => {
    expect(partnerCallOf(headers(), secretOf, NOW)).toEqual({ partner: 'yarpa', timestamp: NOW_S, signature: feedSignature(SECRET, NOW_S, 'body'), secret: SECRET });
    for (const timestamp of [NOW_S - 300, NOW_S + 300]) {
      const signature = feedSignature(SECRET, timestamp, 'body').toUpperCase();
      expect(partnerCallOf(headers({ 'x-feed-timestamp': String(timestamp), 'x-feed-signature': signature }), secretOf, NOW).signature).toBe(signature.toLowerCase());
    }
  });

  it('are refused with 401 for an unknown or missing partner, a bad, old or future timestamp, a malformed signature', () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ 'x-feed-partner': 'someone' }, FeedMessages.unknownPartner],
      [{ 'x-feed-partner': undefined }, FeedMessages.unknownPartner],
      [{ 'x-feed-timestamp': undefined }, FeedMessages.timestamp],
      [{ 'x-feed-timestamp': String(NOW_S - 301) }, FeedMessages.timestamp],
      [{ 'x-feed-timestamp': String(NOW_S + 301) }, FeedMessages.timestamp],
      [{ 'x-feed-timestamp': `${NOW_S}.5` }, FeedMessages.timestamp],
      [{ 'x-feed-timestamp': String(NOW) }, FeedMessages.timestamp],
      [{ 'x-feed-signature': undefined }, FeedMessages.signature],
      [{ 'x-feed-signature': 'zz'.repeat(32) }, FeedMessages.signature],
      [{ 'x-feed-signature': 'ab'.repeat(31) }, FeedMessages.signature],
    ];
    for (const [over, message] of cases) expect(refusal(() => partnerCallOf(headers(over), secretOf, NOW))).toEqual({ status: 401, code: 'UNAUTHORIZED', message });
  });

  it("check a body's signature, and a status request's over an empty body", () => {
    const call = partnerCallOf(headers(), secretOf, NOW);
    expect(refusal(() => assertSigned(call, feedSignature(SECRET, NOW_S, 'body')))).toBeUndefined();
    expect(refusal(() => assertSigned(call, feedSignature(SECRET, NOW_S, 'other body')))).toMatchObject({ status: 401 });
    const status = headers({ 'x-feed-signature': feedSignature(SECRET, NOW_S) });
    expect(bodilessCallOf(status, secretOf, NOW)).toEqual({ partner: 'yarpa', timestamp: NOW_S, signature: feedSignature(SECRET, NOW_S) });
    expect(refusal(() => bodilessCallOf(headers(), secretOf, NOW))).toMatchObject({ status: 401, message: FeedMessages.signature });
  });
});

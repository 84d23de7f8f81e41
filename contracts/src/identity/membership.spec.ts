import { membershipClaim, parseMembershipClaim } from '.';

describe('membership claims name their kind', () => {
  it('writes pharmacy:<slug> and company:<slug>, so the same slug of two kinds makes two claims', () => {
    expect(membershipClaim('pharmacy', 'tikun-olam')).toBe('pharmacy:tikun-olam');
    expect(membershipClaim('company', 'tikun-olam')).toBe('company:tikun-olam');
    expect(membershipClaim('pharmacy', 'tikun-olam')).not.toBe(membershipClaim('company', 'tikun-olam'));
  });

  it('reads back the kind and slug; a bare slug or an unknown kind is no membership', () => {
    expect(parseMembershipClaim('pharmacy:pharm-a')).toEqual({ kind: 'pharmacy', slug: 'pharm-a' });
    expect(parseMembershipClaim('company:a:b')).toEqual({ kind: 'company', slug: 'a:b' });
    for (const claim of ['pharm-a', ':pharm-a', 'pharmacy:', 'shop:pharm-a', '']) expect(parseMembershipClaim(claim)).toBeUndefined();
  });
});

import { googleAccountOf } from './google-account';

describe('googleAccountOf', () => {
  it("takes the id, e-mail, its verification and the names of Google's profile", () => {
    expect(googleAccountOf({
      id: '10769150350006150715113082367', displayName: 'Noa Levi', name: { givenName: ' Noa ', familyName: 'Levi' }, emails: [{ value: 'noa@gmail.com', verified: true }],
    })).toEqual({ sub: '10769150350006150715113082367', email: 'noa@gmail.com', emailVerified: true, firstName: 'Noa', lastName: 'Levi' });
  });

  it('counts only a true email_verified (also the older text "true") and falls back to the display name', () => {
    const unverified = googleAccountOf({ id: '1', displayName: 'נועה', emails: [{ value: 'a@b.co', verified: false }] });
    expect(unverified).toEqual({ sub: '1', email: 'a@b.co', emailVerified: false, firstName: 'נועה', lastName: undefined });
    expect(googleAccountOf({ id: '1', displayName: '', emails: [{ value: 'a@b.co', verified: 'true' as unknown as boolean }] })?.emailVerified).toBe(true);
    expect(googleAccountOf({ id: '1', displayName: '', emails: [{ value: 'a@b.co', verified: undefined as unknown as boolean }] })?.emailVerified).toBe(false);
  });

  it('has no account without an id or an e-mail, and clips long names', () => {
    expect(googleAccountOf({ id: '', displayName: 'x', emails: [{ value: 'a@b.co', verified: true }] })).toBeUndefined();
    expect(googleAccountOf({ id: '1', displayName: 'x' })).toBeUndefined();
    expect(googleAccountOf({ id: '1', displayName: 'x'.repeat(300), emails: [{ value: 'a@b.co', verified: true }] })?.firstName).toHaveLength(100);
  });
});

import { clearedFlowCookie, flowCookie, flowCookieValue, isRandomToken, newRandomToken } from './state-store';

describe('the flow cookie', () => {
  it('is HttpOnly, Lax, only for the Google endpoints, for the life of a state; Secure on https', () => {
    const value = newRandomToken();
    expect(isRandomToken(value)).toBe(true);
    expect(flowCookie(value, false)).toBe(`mc_google_flow=${value}; Path=/api/auth/google; Max-Age=600; HttpOnly; SameSite=Lax`);
    expect(flowCookie(value, true)).toMatch(/; Secure$/);
    expect(clearedFlowCookie(false)).toBe('mc_google_flow=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('is read from a Cookie header among others, and only in the shape we set', () => {
    const value = newRandomToken();
    expect(flowCookieValue(`token=a.b.c; mc_google_flow=${value}; other=1`)).toBe(value);
    expect(flowCookieValue(`mc_google_flow=${value}`)).toBe(value);
    expect(flowCookieValue('mc_google_flow=short')).toBeUndefined();
    expect(flowCookieValue(`x_mc_google_flow=${value}`)).toBeUndefined();
    expect(flowCookieValue(undefined)).toBeUndefined();
  });
});

import { COUPON_MESSAGE_MS, Messages, type CouponValidation } from '@mc/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authDialog } from '../../kit/auth/auth-dialog';
import { sessions } from '../../kit/auth/session';
import { CouponBox } from './CouponBox';
import { appliedCoupons } from '../queries/coupons';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;

const VALID: CouponValidation = {
  validationStatus: 'VALID', message: Messages.couponValid,
  pharm: { slug: 'alpha', name: 'בית מרקחת אלפא' }, pharmDiscount: { code: 'WELCOME10', name: 'ברוכים הבאים', amountType: 'percent', amount: 10 },
};

function stubApi(answer: (code: string) => CouponValidation) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init: RequestInit = {}) => {
    expect(`${init.method} ${input}`).toBe('POST /api/checkout/coupon');
    const { couponCode } = JSON.parse(String(init.body)) as { couponCode: string };
    asked.push(couponCode);
    return new Response(JSON.stringify(answer(couponCode)), { headers: { 'content-type': 'application/json' } });
  }));
  return asked;
}

const input = () => screen.getByLabelText('קוד קופון') as HTMLInputElement;
const apply = async (code: string) => {
  fireEvent.change(input(), { target: { value: code } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'הפעלה' }));
    await vi.advanceTimersByTimeAsync(0);
  });
};
const statusText = () => screen.getAllByRole('status').map((s) => s.textContent).join('');

describe('the coupon box', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    appliedCoupons.clear();
    authDialog.close();
    sessions.signIn({ jwt: JWT });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessions.signOut();
    authDialog.close();
  });

  it('checks the code before asking: required, English letters and digits, not applied already', async () => {
    const asked = stubApi(() => VALID);
    appliedCoupons.add({ code: 'WELCOME10', name: 'x', pharmName: 'y' });
    render(<CouponBox />);
    await apply('  ');
    expect(screen.getByText(Messages.couponRequired)).toBeTruthy();
    expect(input().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input().getAttribute('aria-describedby')!)?.textContent).toBe(Messages.couponRequired);
    await apply('קופון');
    expect(screen.getByText(Messages.couponPattern)).toBeTruthy();
    await apply('welcome10');
    expect(screen.getByText(Messages.couponAlreadyApplied)).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('asks a guest to sign in first', async () => {
    sessions.signOut();
    const asked = stubApi(() => VALID);
    render(<CouponBox />);
    await apply('WELCOME10');
    expect(authDialog.get()).toBe('signIn');
    expect(asked).toEqual([]);
  });

  it("adds a VALID coupon to the session's list (removable), and clears each status message after 10 s", async () => {
    const asked = stubApi((code) => (code === 'WELCOME10' ? VALID : { validationStatus: 'EXPIRED', message: Messages.couponExpired }));
    render(<CouponBox />);
    await apply('WELCOME10');
    expect(asked).toEqual(['WELCOME10']);
    expect(statusText()).toBe(Messages.couponValid);
    expect(appliedCoupons.codes()).toEqual(['WELCOME10']);
    expect(JSON.parse(sessionStorage.getItem('mc.coupons')!)).toEqual([{ code: 'WELCOME10', name: 'ברוכים הבאים', pharmName: 'בית מרקחת אלפא' }]);
    expect(screen.getByText('ברוכים הבאים (בית מרקחת אלפא)')).toBeTruthy();
    expect(input().value).toBe('');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUPON_MESSAGE_MS - 100);
    });
    expect(statusText()).toBe(Messages.couponValid);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(statusText()).toBe('');

    await apply('OLD_ONE');
    expect(statusText()).toBe(Messages.couponExpired);
    expect(appliedCoupons.codes()).toEqual(['WELCOME10']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUPON_MESSAGE_MS + 100);
    });
    expect(statusText()).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'הסרת הקופון WELCOME10' }));
    expect(appliedCoupons.codes()).toEqual([]);
    expect(screen.queryByText('ברוכים הבאים (בית מרקחת אלפא)')).toBeNull();
  });

  it("shows each refusal's message (spec 8)", async () => {
    const statuses = ['ALREADY_USED', 'NOT_FOUND', 'NOT_ALLOWED'] as const;
    let next = 0;
    stubApi(() => ({ validationStatus: statuses[next++], message: '' }));
    render(<CouponBox />);
    for (const text of [Messages.couponAlreadyUsed, Messages.couponNotFound, Messages.couponNewCustomersOnly]) {
      await apply('SOME_CODE');
      expect(statusText()).toBe(text);
    }
    expect(appliedCoupons.codes()).toEqual([]);
  });
});

describe('the applied coupons', () => {
  it('are dropped when the patient signs out', () => {
    sessions.signIn({ jwt: JWT });
    appliedCoupons.add({ code: 'WELCOME10', name: 'x', pharmName: 'y' });
    expect(sessionStorage.getItem('mc.coupons')).not.toBeNull();
    sessions.signOut();
    expect(appliedCoupons.get()).toEqual([]);
    expect(sessionStorage.getItem('mc.coupons')).toBeNull();
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heAuth } from '../i18n/he';
import AuthForms from './AuthForms';

describe("sign-up's marketing consent (Communications Law §30A: the patient's active consent, over spec 5's 'checked by default')", () => {
  afterEach(() => vi.unstubAllGlobals());

  const signUp = () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    render(<AuthForms mode="signUp" />);
    fireEvent.change(screen.getByLabelText(heAuth.firstName), { target: { value: 'נועה' } });
    fireEvent.change(screen.getByLabelText(heAuth.lastName), { target: { value: 'לוי' } });
    fireEvent.change(screen.getByLabelText(heAuth.email), { target: { value: 'noa@example.co.il' } });
    fireEvent.change(screen.getByLabelText(heAuth.password), { target: { value: 'a good secret' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'קראתי ואני מסכים/ה לתנאי השימוש' }));
    const sent = async () => {
      fireEvent.click(screen.getByRole('button', { name: heAuth.signUp }));
      await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/auth/signup'))).toBe(true));
      const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/signup'));
      return JSON.parse(String(call?.[1]?.body)) as { subscribe: boolean };
    };
    return { box: screen.getByRole('checkbox', { name: heAuth.subscribe }) as HTMLInputElement, sent };
  };

  it('starts unticked, and a sign-up left so asks for no marketing', async () => {
    const { box, sent } = signUp();
    expect(box.checked).toBe(false);
    expect((await sent()).subscribe).toBe(false);
  });

  it('subscribes only when the patient ticks it', async () => {
    const { box, sent } = signUp();
    fireEvent.click(box);
    expect((await sent()).subscribe).toBe(true);
  });
});

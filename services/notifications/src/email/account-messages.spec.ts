import { Events } from '@mc/contracts';
import { accountMessage, renderAccountMessage, renderInvitation } from './account-messages';

const data = { userId: 1, email: 'dana@example.co.il', firstName: 'דנה\r\nBcc: x', secretRef: 'ref-1', expiresAt: '2026-11-26T10:00:00Z' };

describe('account e-mails', () => {
  it('stores the template, recipient and reference only; renders the link with the token escaped, greeting on one line', () => {
    const planned = accountMessage(Events.identity.activationRequested, data)!;
    expect(planned).toEqual({
      channel: 'email', template: 'activation', to: 'dana@example.co.il', subject: 'אימות כתובת הדוא״ל שלך במדקאנה', params: { firstName: 'דנה Bcc: x', secretRef: 'ref-1' },
    });
    const text = renderAccountMessage(planned.template, planned.to, planned.params, { token: 'a+b/c', unsubscribeSig: 's/g' }, 'https://medcanna.co.il');
    expect(text).toContain('https://medcanna.co.il/auth/verify-email?token=a%2Bb%2Fc');
    expect(text).toContain('https://medcanna.co.il/unsubscribe?email=dana%40example.co.il&sig=s%2Fg');
    expect(text.split('\n')[0]).toBe('שלום דנה Bcc: x,');
  });

  it('texts a 6-digit sign-in code to the phone in its +972 form', () => {
    const planned = accountMessage(Events.identity.smsCodeRequested, { phone: '052-1234567', secretRef: 'ref-2' })!;
    expect(planned).toEqual({ channel: 'sms', template: 'sms-code', to: '+972521234567', subject: 'קוד כניסה', params: { secretRef: 'ref-2' } });
    expect(renderAccountMessage('sms-code', planned.to, planned.params, { code: '042318' }, 'x')).toBe('קוד הכניסה שלך למדקאנה: 042318. הקוד בתוקף 5 דקות.');
  });

  it('links to the reset page for a reset, and sends nothing for other events', () => {
    const planned = accountMessage(Events.identity.passwordResetRequested, data)!;
    expect(renderAccountMessage(planned.template, planned.to, planned.params, { token: 'a+b/c' }, 'http://localhost:8080')).toContain('http://localhost:8080/reset-password?token=a%2Bb%2Fc');
    expect(accountMessage('evt.identity.something.else', data)).toBeUndefined();
    expect(accountMessage(Events.identity.passwordResetAsked, { email: 'dana@example.co.il' })).toBeUndefined();
  });

  it("invites to run a business with the business's name and the site's address, no secret", () => {
    const planned = accountMessage(Events.identity.membershipInvited, { email: 'owner@example.co.il', kind: 'pharmacy', businessName: 'בית מרקחת\r\nהגליל' })!;
    expect(planned).toEqual({
      channel: 'email', template: 'invitation', to: 'owner@example.co.il', subject: 'הוזמנת לנהל את בית מרקחת הגליל במדקאנה',
      params: { kind: 'pharmacy', businessName: 'בית מרקחת הגליל' },
    });
    const text = renderInvitation(planned.params, 'https://medcanna.co.il');
    expect(text).toContain('לנהל את בית המרקחת בית מרקחת הגליל');
    expect(text).toContain('https://medcanna.co.il/');
    expect(renderInvitation({ kind: 'company', businessName: 'גרינמד' }, 'x')).toContain('חברת הקנאביס גרינמד');
  });
});

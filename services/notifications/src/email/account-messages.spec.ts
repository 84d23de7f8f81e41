import { Events } from '@mc/contracts';
import { accountMessage } from './account-messages';

const data = { userId: 1, email: 'dana@example.co.il', firstName: 'דנה\r\nBcc: x', token: 'a+b/c', expiresAt: '2026-11-26T10:00:00Z' };

describe('account e-mails', () => {
  it('links to the activation page with the token escaped, greeting on one line', () => {
    const email = accountMessage(Events.identity.activationRequested, data, 'https://medcanna.co.il')!;
    expect(email.to).toBe('dana@example.co.il');
    expect(email.text).toContain('https://medcanna.co.il/auth/verify-email?token=a%2Bb%2Fc');
    expect(email.text.split('\n')[0]).toBe('שלום דנה Bcc: x,');
  });

  it('texts a sign-in code to the phone in its +972 form', () => {
    expect(accountMessage(Events.identity.smsCodeRequested, { phone: '052-1234567', code: '0423' }, 'x')).toEqual({
      channel: 'sms', to: '+972521234567', subject: 'קוד כניסה', text: 'קוד הכניסה שלך למדקאנה: 0423. הקוד בתוקף 5 דקות.',
    });
  });

  it('links to the reset page for a reset, and sends nothing for other events', () => {
    expect(accountMessage(Events.identity.passwordResetRequested, data, 'http://localhost:8080')!.text).toContain('http://localhost:8080/reset-password?token=a%2Bb%2Fc');
    expect(accountMessage('evt.identity.something.else', data, 'x')).toBeUndefined();
  });
});

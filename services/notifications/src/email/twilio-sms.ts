/** Twilio's account settings; SMS stay in the local mailbox when they are not all set. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com, or a local fake speaking the same protocol. */
  apiUrl: string;
}

/** Sends one text with Twilio's Messages API (POST …/Accounts/{sid}/Messages.json, basic auth, form body). */
export async function sendTwilioSms(settings: TwilioSettings, to: string, body: string): Promise<string> {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ To: to, From: settings.from, Body: body }),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
  if (!response.ok) throw new Error(`Twilio ${response.status}: ${answer.message ?? 'error'}`);
  return answer.sid ?? '';
}

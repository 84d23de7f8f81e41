import twilio from 'twilio';

/** Twilio's account settings; SMS stay in the local mailbox when they are not all set. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com, or a local fake speaking the same protocol. */
  apiUrl: string;
}

/** Twilio's REST host, which the package's resources address. */
export const TWILIO_API_HOST = 'https://api.twilio.com';
const TIMEOUT_MS = 10_000;

/**
 * twilio's own HTTP client (axios: basic auth, form bodies, Twilio's errors as RestException), with every
 * request to api.twilio.com sent to `apiUrl` instead: the same path and query on another origin. With the
 * default `apiUrl` nothing changes.
 */
export class TwilioHttpClient extends twilio.RequestClient {
  private readonly origin: string;

  constructor(apiUrl: string) {
    super({ timeout: TIMEOUT_MS, autoRetry: false });
    this.origin = new URL(apiUrl).origin;
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    return super.request<TData>({ ...opts, uri: this.rebase(opts.uri) });
  }

  /** The uri on the configured origin; a uri on any other host than Twilio's REST host is refused. */
  rebase(uri: string): string {
    const url = new URL(uri);
    if (url.origin !== TWILIO_API_HOST) throw new Error(`twilio: unexpected request host ${url.host}`);
    return `${this.origin}${url.pathname}${url.search}`;
  }
}

/** Sends texts with the official twilio package (Messages API: POST …/Accounts/{sid}/Messages.json). */
export class TwilioSms {
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioSettings) {
    this.client = twilio(settings.accountSid, settings.authToken, { httpClient: new TwilioHttpClient(settings.apiUrl) });
  }

  /** Sends one text; answers the message's sid. Twilio's refusal throws (the queue retries). */
  async send(to: string, body: string): Promise<string> {
    const message = await this.client.messages.create({ to, from: this.settings.from, body });
    return message.sid;
  }
}

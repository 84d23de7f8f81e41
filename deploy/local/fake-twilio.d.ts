export interface FakeTwilioRequest {
  method?: string;
  path: string;
  authorization?: string;
  contentType?: string;
  form: URLSearchParams;
}
export interface FakeTwilio {
  url: string;
  received: FakeTwilioRequest[];
  close(): Promise<void>;
}
export function startFakeTwilio(options: {
  accountSid: string;
  authToken: string;
  port?: number;
  onText?: (text: { sid: string; to: string; from: string; body: string }) => void;
}): Promise<FakeTwilio>;

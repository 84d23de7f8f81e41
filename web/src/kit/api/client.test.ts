import { Messages } from '@mc/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './client';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the app headers and returns the JSON body', async () => {
    const fetchMock = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiFetch('/products/x')).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/products/x');
    expect(headers.get('x-app-id')).toBe('web');
    expect(headers.get('x-app-version')).toBe(__APP_VERSION__);
    expect(headers.get('x-api-key')).toBe('mc-local-web-key');
  });

  it('maps an error body to ApiError with status, code and the server message', async () => {
    const message = 'השירות אינו זמין כרגע';
    vi.stubGlobal('fetch', vi.fn(async () => answer(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message })));

    const error = await failureOf(apiFetch('/products/x'));
    expect(error.status).toBe(503);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toBe(message);
  });

  it("falls back to 'שגיאה' when the body has no message", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(500, { statusCode: 500 })));

    const error = await failureOf(apiFetch('/products/x'));
    expect(error.status).toBe(500);
    expect(error.message).toBe(Messages.generic);
    expect(error.message).toBe('שגיאה');
  });

  it("falls back to 'שגיאה' when the body is not JSON", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })));

    const error = await failureOf(apiFetch('/products/x'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(Messages.generic);
  });
});

import { Messages } from '@mc/contracts';
import { sessions } from '../auth/session';

const API_BASE = '/api';

/** How requests leave: `fetch` in the browser; the server render answers them inside the gateway. */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/** An answer from the API that was not 2xx, in the `{ statusCode, code, message }` shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The headers every API call carries. */
function apiHeaders(): Record<string, string> {
  return {
    accept: 'application/json',
    'x-app-id': 'web',
    'x-app-version': __APP_VERSION__,
    'x-api-key': import.meta.env.VITE_API_KEY ?? 'mc-local-web-key',
  };
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length) return value.join(', ');
  return undefined;
}

/** Builds the ApiError for a non-2xx response: the server's message, or 'שגיאה' when there is none. */
async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = typeof fields.code === 'string' && fields.code ? fields.code : 'UNKNOWN';
  return new ApiError(response.status, code, textOf(fields.message) ?? Messages.generic);
}

/**
 * Calls `/api<path>` with the app headers and answers the response when it is 2xx (a file to save, say), or throws
 * an ApiError.
 */
export async function apiResponse(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(apiHeaders())) headers.set(name, value);
  // The session travels in its HttpOnly cookie (same origin): no token is read or sent by the page.
  const session = sessions.get();
  if (init.body !== undefined && typeof init.body === 'string' && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }

  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, { ...init, headers });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', Messages.serviceUnavailable);
  }

  // Spec 4: a 401 to a signed-in call signs the user out. A call made with a business access token (the bearer
  // header) was refused for that token (its 5 minutes passed): the session is not in question.
  if (response.status === 401 && session && sessions.get() === session && !headers.has('authorization')) sessions.signOut();
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls `/api<path>` with the app headers; resolves with the JSON body or throws an ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiResponse(path, init);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', Messages.generic);
  }
}

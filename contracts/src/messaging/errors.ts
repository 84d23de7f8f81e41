/** The one error shape a service answers with; the gateway turns it into HTTP `{ statusCode, code, message }`. */
export interface ServiceError {
  status: number;
  code: string;
  message: string;
}

export interface HttpErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

export const ErrorCodes = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
  badRequest: 'BAD_REQUEST',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  userPending: 'USER_PENDING_ACTIVATION',
  userDisabled: 'USER_DISABLED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailTaken: 'EMAIL_TAKEN',
  tokenUsed: 'TOKEN_ALREADY_USED',
  tokenInvalid: 'TOKEN_INVALID',
  emailUnverified: 'EMAIL_UNVERIFIED',
} as const;

export function isServiceError(value: unknown): value is ServiceError {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

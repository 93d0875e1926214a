import type { ApiErrorBody } from '@ponte/shared/errors';

/** An API call that failed: the HTTP status and the server's pt-BR message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorBody['details'];
  /** The error body as the server sent it (e.g. a 409's `details.flows`). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    code = 'error',
    details?: ApiErrorBody['details'],
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text a person should read for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Ocorreu um erro inesperado.';
}

import { errorCodes, type ErrorCode } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** An error a person may read: a stable code, an HTTP status and a pt-BR message. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.generic.notFound) =>
  new AppError(404, errorCodes.notFound, message);

export const unauthorized = () =>
  new AppError(401, errorCodes.unauthorized, messages.generic.unauthorized);

export const forbidden = (message: string = messages.generic.forbidden) =>
  new AppError(403, errorCodes.forbidden, message);

/** A duplicate name or key: the spec's screens show the server's message on a 400. */
export const conflict = (field: string, message: string) =>
  new AppError(400, errorCodes.conflict, message, [{ field, message }]);

export const invalidField = (field: string, message: string) =>
  new AppError(400, errorCodes.validation, message, [{ field, message }]);

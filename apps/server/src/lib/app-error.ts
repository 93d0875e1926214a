import { errorCodes, type ErrorCode } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';

/** The kinds of workspace-owned resources a 404 can name (see `notFound`). */
export type ResourceKind =
  | 'flow'
  | 'variable'
  | 'holiday'
  | 'group'
  | 'execution'
  | 'workspace'
  | 'db_table'
  | 'db_record'
  | 'service_account'
  | 'queue'
  | 'form'
  | 'custom_node'
  | 'dashboard'
  | 'alert_rule';

/** What a 404 was about: the error handler checks whether it belongs to another workspace. */
export interface MissingResource {
  kind: ResourceKind;
  id: string;
}

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
    /** The offending fields, or an object for answers that say more (`details.flows`). */
    readonly details?: ErrorDetail[] | Record<string, unknown>,
    readonly headers?: Record<string, string>,
    /** For a 404: the resource asked for (never sent to the client). */
    readonly resource?: MissingResource,
  ) {
    super(message);
  }
}

/**
 * "Not found in this workspace". Naming the resource lets the error handler record, in the
 * security log, an id that exists in another workspace (docs/adr/0021); the answer is the
 * same 404 either way.
 */
export const notFound = (message: string = messages.generic.notFound, resource?: MissingResource) =>
  new AppError(404, errorCodes.notFound, message, undefined, undefined, resource);

export const unauthorized = () =>
  new AppError(401, errorCodes.unauthorized, messages.generic.unauthorized);

export const forbidden = (message: string = messages.generic.forbidden) =>
  new AppError(403, errorCodes.forbidden, message);

/** The caller's role does not allow it (docs/adr/0106): a 403 that keeps the session. */
export const roleDenied = (message: string) => new AppError(403, errorCodes.roleDenied, message);

/** A duplicate name or key: the spec's screens show the server's message on a 400. */
export const conflict = (field: string, message: string) =>
  new AppError(400, errorCodes.conflict, message, [{ field, message }]);

export const invalidField = (field: string, message: string) =>
  new AppError(400, errorCodes.validation, message, [{ field, message }]);

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { errorCodes, type ApiErrorBody, type ErrorCode } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError, type ErrorDetail, type MissingResource } from '../lib/app-error';
import { redisFailureOf } from '../lib/redis-unavailable';

export interface ErrorsPluginOptions {
  /**
   * A signed-in request answered 404 for a named resource: the security log checks whether the
   * id belongs to another workspace. Called after the answer is decided; never changes it.
   */
  onResourceNotFound?: (request: FastifyRequest, resource: MissingResource) => void;
}

function collectStrings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) collectStrings(child, into);
  }
  return into;
}

/** Every fixed pt-BR text of the contract: a validation message in it is shown as is. */
const knownMessages = collectStrings(messages, new Set());

/**
 * The templated texts of the contract (functions such as `fieldNameRequired(n)`), as patterns:
 * each function is called with markers that become wildcards. A template needs some fixed
 * text of its own to count.
 */
function collectTemplates(value: unknown, into: RegExp[]): RegExp[] {
  if (typeof value === 'function') {
    const markers = Array.from({ length: value.length }, (_, i) => `\u0000${i}\u0000`);
    let sample: unknown;
    try {
      sample = (value as (...args: string[]) => unknown)(...markers);
    } catch {
      return into;
    }
    if (typeof sample !== 'string') return into;
    const fixed = markers.reduce((text, marker) => text.replaceAll(marker, ''), sample);
    if (fixed.trim().length < 8) return into;
    const escaped = sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = markers.reduce((text, marker) => text.replaceAll(marker, '[^\\n]+'), escaped);
    into.push(new RegExp(`^${pattern}$`));
  } else if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) collectTemplates(child, into);
  }
  return into;
}

const knownTemplates = collectTemplates(messages, []);

function readable(field: string, message: string): string {
  if (knownMessages.has(message)) return message;
  if (knownTemplates.some((template) => template.test(message))) return message;
  return field === '' ? messages.generic.invalidBody : messages.generic.invalidField(field);
}

function toDetails(issues: { field: string; message: string }[]): ErrorDetail[] {
  return issues.map(({ field, message }) => ({ field, message: readable(field, message) }));
}

function validationBody(details: ErrorDetail[]): ApiErrorBody {
  return {
    statusCode: 400,
    code: errorCodes.validation,
    message: details[0]?.message ?? messages.generic.invalidBody,
    details,
  };
}

const statusCodes: Record<number, [ErrorCode, string]> = {
  400: [errorCodes.validation, messages.generic.invalidBody],
  401: [errorCodes.unauthorized, messages.generic.unauthorized],
  403: [errorCodes.forbidden, messages.generic.forbidden],
  404: [errorCodes.notFound, messages.generic.routeNotFound],
  413: [errorCodes.payloadTooLarge, messages.generic.payloadTooLarge],
};

const bodyErrors = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

function send(reply: FastifyReply, body: ApiErrorBody) {
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Answers for an unknown route under /api, /account or /engine. */
export function sendRouteNotFound(reply: FastifyReply) {
  return send(reply, {
    statusCode: 404,
    code: errorCodes.notFound,
    message: messages.generic.routeNotFound,
  });
}

/**
 * The one error handler: every failure becomes `{statusCode, code, message, details?}` with a
 * pt-BR message; 5xx answers never carry internals and are logged.
 */
function errorsPlugin(app: FastifyInstance, options: ErrorsPluginOptions) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.resource && request.auth) options.onResourceNotFound?.(request, error.resource);
      return send(reply, {
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? '',
      }));
      return send(reply, validationBody(toDetails(issues)));
    }
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      return send(reply, validationBody(toDetails(issues)));
    }
    const code = 'code' in error ? error.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, {
        statusCode: 413,
        code: errorCodes.payloadTooLarge,
        message: messages.generic.payloadTooLarge,
      });
    }
    if (code !== undefined && bodyErrors.has(code)) {
      return send(reply, {
        statusCode: 400,
        code: errorCodes.validation,
        message: messages.generic.invalidBody,
      });
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      const [errorCode, message] = statusCodes[status] ?? statusCodes[400]!;
      return send(reply, { statusCode: status, code: errorCode, message });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting (the embedded one comes back by itself, ADR 0057):
      // the request may simply be sent again.
      request.log.warn({ err: error }, 'o banco de dados não respondeu');
      reply.header('retry-after', '5');
      return send(reply, {
        statusCode: 503,
        code: errorCodes.databaseUnavailable,
        message: messages.generic.databaseUnavailable,
      });
    }
    const redisFailure = redisFailureOf(error);
    if (redisFailure) {
      // Redis is down, hung or refuses writes (REDIS_URL, docs/adr/0072): the connection
      // reconnects by itself, so the request may simply be sent again.
      request.log.warn({ err: error }, 'o Redis não atendeu');
      reply.header('retry-after', '5');
      return send(reply, {
        statusCode: 503,
        code: errorCodes.redisUnavailable,
        message:
          redisFailure === 'refusing_writes'
            ? messages.generic.redisRefusingWrites
            : messages.generic.redisUnavailable,
      });
    }
    request.log.error({ err: error }, 'falha ao atender a requisição');
    return send(reply, {
      statusCode: 500,
      code: errorCodes.internal,
      message: messages.generic.internal,
    });
  });
}

export default fp(errorsPlugin, { name: 'errors' });

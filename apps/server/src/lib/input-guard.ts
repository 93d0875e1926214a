import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { findForbiddenCharacter, jsonTooDeep } from '@ponte/shared/text';
import { AppError, invalidField } from './app-error';

/** 400 for a JSON text nested deeper than `limits.jsonDepthMax` (the engine walks it). */
export const tooDeep = () =>
  new AppError(400, errorCodes.validation, messages.generic.tooDeep(limits.jsonDepthMax));

/**
 * 400 naming the field of `part` (`params`, `query`, `body`) whose text holds NUL or a lone
 * surrogate (`hasForbiddenCharacter`).
 */
function forbiddenIn(part: 'params' | 'query' | 'body', value: unknown): AppError | null {
  const path = findForbiddenCharacter(value);
  if (path === null) return null;
  const field = path || part;
  return invalidField(field, messages.generic.forbiddenCharacterIn(field));
}

/**
 * The request parts a route reads: path params, query string and a structured body (JSON,
 * form). A raw body (a webhook's text or binary content) is content, not a field: it is left
 * as sent, and what the server stores of it is made storable (`storable-text.ts`).
 */
export function checkRequestText(request: FastifyRequest): AppError | null {
  const body = request.body;
  return (
    forbiddenIn('params', request.params) ??
    forbiddenIn('query', request.query) ??
    (body !== null && typeof body === 'object' ? forbiddenIn('body', body) : null)
  );
}

/**
 * The checks every route gets, whatever its schema says (ADR 0022): a JSON body nested
 * deeper than the limit is refused before it is parsed, and a NUL character or a lone UTF-16
 * surrogate anywhere in the
 * path params, query string or structured body answers 400 before the route's own validation.
 * Registered on the root instance before any route, so a new route cannot forget them.
 */
export function installInputGuards(app: FastifyInstance) {
  // An empty JSON body (a DELETE sent with a JSON content type) reads as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    if (jsonTooDeep(body as string)) return done(tooDeep(), undefined);
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    const problem = checkRequestText(request);
    if (problem) throw problem;
  });
}

import multipart from '@fastify/multipart';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formPinHeader,
  formSubmitAnswerSchema,
  publicFormFieldSchema,
  publicFormSchema,
} from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import {
  documentedFile,
  errorResponses,
  idSchema,
  multipartBody,
  publicSecurity,
} from '../../lib/route-schemas';
import { missingBuildMessage } from '../../plugins/spa';
import type { FormVisitor } from './form-access';
import type { FormsPublicService } from './forms-public.service';

export interface FormsPublicRoutesOptions {
  service: FormsPublicService;
  /** The built web app: the public page is its second entry, `form.html`. */
  webDist: string;
}

/** The public page's Content-Security-Policy: nothing leaves for another origin. */
export const formPageCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const tags = ['Formulários públicos'];
/** The definition as it is sent: already clamped, so the answer checks it without transforms. */
const definitionAnswerSchema = publicFormSchema.extend({
  fields: z.array(publicFormFieldSchema.extend({ width_percent: z.number() })),
});
const params = z.object({ id: idSchema });
const bearer = /^Bearer +([A-Za-z0-9\-_.]+)\s*$/i;

const headerText = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

function visitorOf(request: FastifyRequest): FormVisitor {
  return {
    address: request.ip,
    pin: headerText(request.headers[formPinHeader]),
    token: bearer.exec(request.headers.authorization ?? '')?.[1],
  };
}

/** The page's own headers: they replace the app's CSP on these answers only. */
export function pageHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', formPageCsp);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cache-control', 'no-store');
}

/**
 * A page of the web app's public entries (a form, an approval) with the page's own headers;
 * 503 with the build's message when the web app was not built.
 */
export async function sendPublicPage(
  reply: FastifyReply,
  webDist: string,
  file: string,
  status = 200,
) {
  pageHeaders(reply);
  const html = await readFile(join(webDist, file), 'utf8').catch(() => null);
  if (html === null) {
    return reply.code(503).type('text/plain; charset=utf-8').send(missingBuildMessage);
  }
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/**
 * The public side of forms, without a session (docs/adr/0038): the page, its definition and
 * the submissions. Mounted at /engine.
 */
export const formsPublicRoutes: FastifyPluginAsyncZod<FormsPublicRoutesOptions> = async (
  app,
  options,
) => {
  const { service } = options;
  await app.register(multipart, {
    limits: {
      fileSize: limits.formUploadMaxSizeLimitMb * 1024 * 1024 + 1,
      files: 100,
      fields: 1,
      fieldSize: limits.formValuesMaxBytes + 1,
    },
  });

  app.get(
    '/forms/:id',
    {
      schema: { tags, summary: 'A página pública do formulário', security: publicSecurity, params },
    },
    async (request, reply) => {
      const published = await service.published(request.params.id);
      return sendPublicPage(reply, options.webDist, 'form.html', published ? 200 : 404);
    },
  );

  app.get(
    '/forms/:id/definition',
    {
      schema: {
        tags,
        summary: 'O que a página pública precisa do formulário (o PIN vem em x-ponte-form-pin)',
        security: publicSecurity,
        params,
        response: { 200: definitionAnswerSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.definition(request.params.id, visitorOf(request));
    },
  );

  app.post(
    '/forms/:id/submit',
    {
      config: {
        documentedBody: multipartBody({
          type: 'object',
          required: ['values'],
          properties: {
            values: { type: 'string', description: 'Os valores dos campos, em JSON' },
          },
          // A file of an upload field: the part is named after the field's code.
          additionalProperties: documentedFile,
        }),
      },
      schema: {
        tags,
        summary: 'Envia o formulário (multipart: values, depois um arquivo por parte)',
        security: publicSecurity,
        params,
        response: { 200: formSubmitAnswerSchema, ...errorResponses(400, 401, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.isMultipart()) {
        return service.submit(request.params.id, visitorOf(request), () => emptyParts());
      }
      return service.submit(request.params.id, visitorOf(request), () => request.parts());
    },
  );
};

/** A submission sent without multipart: no `values` part, refused as invalid once admitted. */
async function* emptyParts(): AsyncIterableIterator<never> {}

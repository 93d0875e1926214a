import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@ponte/shared/messages';
import { text } from '@ponte/shared/text';
import {
  joinStoragePath,
  storageFolderBodySchema,
  storageItemSchema,
  storagePathQuerySchema,
  storageSearchQuerySchema,
  storageSearchResponseSchema,
  StoragePathError,
  type StorageItem,
} from '@ponte/shared/storage.schema';
import { invalidField } from '../../lib/app-error';
import {
  bearerSecurity,
  documentedFile,
  errorResponses,
  multipartBody,
} from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { uploadName } from '../triggers/manual-uploads';
import { logicalPath } from './storage-errors';
import type { StorageService } from './storage.service';

export interface StorageRoutesOptions {
  service: StorageService;
}

const tags = ['Storage'];
const security = bearerSecurity;
const m = messages.storage;

const uploadQuerySchema = z.object({
  /** Taken as typed: a trailing `/` says "into this folder". */
  pathFile: text().optional(),
  overwrite: z.enum(['true', 'false']).optional(),
});

/** Where an upload goes: into `pathFile` when it is a folder (or ends with `/`), else to it. */
async function uploadTarget(
  service: StorageService,
  workspaceId: string,
  rawPath: string,
  filename: string | undefined,
): Promise<string> {
  const path = logicalPath(rawPath);
  const intoFolder =
    rawPath.trim().endsWith('/') || (await service.stat(workspaceId, path))?.isFolder === true;
  if (!intoFolder) return path;
  const name = uploadName(filename);
  if (!name) throw invalidField('file', m.fileRequired);
  try {
    return joinStoragePath(path, name);
  } catch (error) {
    if (error instanceof StoragePathError) throw invalidField('file', error.message);
    throw error;
  }
}

/**
 * Reads the form: `pathFile` and `overwrite` (fields before the file, or the query), then
 * streams the one `file` to the storage. Answers the stored item.
 */
async function receiveUpload(
  request: FastifyRequest,
  query: z.output<typeof uploadQuerySchema>,
  service: StorageService,
): Promise<StorageItem> {
  const workspaceId = sessionOf(request).workspaceId;
  let pathFile: string = query.pathFile ?? '/';
  let overwrite = query.overwrite === 'true';
  let stored: StorageItem | null = null;
  if (!request.isMultipart()) throw invalidField('file', m.fileRequired);
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : '';
      if (part.fieldname === 'overwrite') overwrite = value === 'true';
      if (part.fieldname === 'pathFile') {
        if (stored) throw invalidField('pathFile', m.pathFileFirst);
        pathFile = value.trim() === '' ? '/' : value;
      }
      continue;
    }
    if (part.fieldname !== 'file' || stored) {
      part.file.resume();
      continue;
    }
    const target = await uploadTarget(service, workspaceId, pathFile, part.filename);
    const ref = await service.writeStream(workspaceId, target, part.file, {
      overwrite,
      mimetype: part.mimetype,
    });
    stored = { name: ref.name, path: ref.path, size: ref.size, isFolder: false };
  }
  if (!stored) throw invalidField('file', m.fileRequired);
  return stored;
}

type StorageApp = Parameters<FastifyPluginAsyncZod<StorageRoutesOptions>>[0];

/** POST /storage/upload and /storage/folder. */
function registerWrites(app: StorageApp, service: StorageService) {
  app.post(
    '/storage/upload',
    {
      config: {
        documentedBody: multipartBody({
          type: 'object',
          required: ['file'],
          properties: {
            pathFile: { type: 'string' },
            overwrite: { type: 'string', enum: ['true', 'false'] },
            file: documentedFile,
          },
        }),
      },
      schema: {
        tags,
        security,
        summary:
          'Envia um arquivo (multipart: pathFile, overwrite e depois file); pathFile pasta ou terminado em / recebe o arquivo com o próprio nome',
        querystring: uploadQuerySchema,
        response: {
          201: storageItemSchema,
          ...errorResponses(400, 401, 409, 413, 507),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await receiveUpload(request, request.query, service)),
  );

  app.post(
    '/storage/folder',
    {
      schema: {
        tags,
        security,
        summary: 'Cria uma pasta (e as pastas do caminho)',
        body: storageFolderBodySchema,
        response: { 201: storageItemSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.createFolder(sessionOf(request).workspaceId, request.body.pathFile)),
  );
}

/** Mounted at /api/v1 (authenticated scope): spec 2 §7 'Storage'. */
export const storageRoutes: FastifyPluginAsyncZod<StorageRoutesOptions> = async (
  app,
  { service },
) => {
  // One file per upload; a byte past the storage's limit makes the driver refuse it (413).
  await app.register(multipart, {
    limits: { fileSize: service.maxFileBytes + 1, files: 1, fields: 10 },
  });

  app.get(
    '/storage',
    {
      schema: {
        tags,
        security,
        summary: 'Os arquivos e pastas de uma pasta (pastas primeiro, depois por nome)',
        querystring: storagePathQuerySchema,
        response: { 200: z.array(storageItemSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query.path),
  );

  app.get(
    '/storage/download',
    {
      schema: {
        tags,
        security,
        summary: 'Baixa um arquivo (em fluxo, como anexo)',
        querystring: storagePathQuerySchema,
        response: {
          200: z.string().describe('O conteúdo do arquivo'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { stream, size, file } = await service.readStream(
        sessionOf(request).workspaceId,
        request.query.path,
      );
      // A stream is piped as is, past the serializer the typed reply stands for.
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', file.mimetype)
        .header('content-length', String(size))
        .header('content-disposition', contentDisposition(file.name, { type: 'attachment' }))
        .send(stream);
    },
  );

  app.delete(
    '/storage',
    {
      schema: {
        tags,
        security,
        summary: 'Exclui um arquivo, ou uma pasta com tudo o que ela tem',
        querystring: storagePathQuerySchema,
        response: { 204: z.null().describe('Excluído'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(sessionOf(request).workspaceId, request.query.path);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/storage/search',
    {
      schema: {
        tags,
        security,
        summary: 'Busca arquivos e pastas pelo nome (sem diferenciar maiúsculas e acentos)',
        querystring: storageSearchQuerySchema,
        response: { 200: storageSearchResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      service.search(
        sessionOf(request).workspaceId,
        request.query['filter.searchTerm'],
        request.query.returnData,
      ),
  );

  registerWrites(app, service);
};

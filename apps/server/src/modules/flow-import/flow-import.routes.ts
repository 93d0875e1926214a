import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCodes } from '@ponte/shared/errors';
import {
  flowImportBodyLimit,
  flowImportBodySchema,
  flowImportCreatedSchema,
  flowImportPreviewSchema,
} from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { stampOf } from '../versions/versions.service';
import type { FlowImportService } from './flow-import.service';

export interface FlowImportRoutesOptions {
  service: FlowImportService;
  /** The public address of the installation for a request (service triggers' addresses). */
  publicUrl: (request: FastifyRequest) => string;
}

/** Mounted at /api/v1 (authenticated scope). */
export const flowImportRoutes: FastifyPluginAsyncZod<FlowImportRoutesOptions> = async (
  app,
  { service, publicUrl },
) => {
  // A file past the limit gets the import's own text; everything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, errorCodes.payloadTooLarge, messages.flowImport.tooLarge);
    throw error;
  });

  app.post(
    '/flows/import-from',
    {
      bodyLimit: flowImportBodyLimit,
      schema: {
        tags: ['Flows'],
        security: bearerSecurity,
        summary:
          'Importa flows de uma exportação do n8n ou do Node-RED (`dry_run`: só o relatório)',
        body: flowImportBodySchema,
        response: {
          200: flowImportPreviewSchema,
          201: flowImportCreatedSchema,
          ...errorResponses(400, 401, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const { workspaceId } = sessionOf(request);
      if (request.body.dry_run) return reply.send(await service.preview(workspaceId, request.body));
      const created = await service.importFlows(workspaceId, request.body, {
        publicBase: publicUrl(request),
        stamp: stampOf(request),
      });
      return reply.code(201).send(created);
    },
  );
};

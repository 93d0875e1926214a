import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@ponte/shared/messages';
import { hasForbiddenCharacter } from '@ponte/shared/text';
import { AppError, invalidField } from '../../lib/app-error';
import { bearerSecurity, documentedFile, errorResponses, idSchema } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { ManualTriggerService } from './manual-trigger.service';
import { createManualUploads, type ManualUploads, type UploadStorage } from './manual-uploads';

export interface ManualTriggerOptions {
  service: ManualTriggerService;
  /** The workspace's storage: uploaded files go to /envios-manuais (docs/adr/0031). */
  storage: UploadStorage;
  now?: () => Date;
}

const tags = ['Engine'];
const security = bearerSecurity;
const params = z.object({ flowId: idSchema });

const formFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'textarea', 'upload']),
  required: z.boolean(),
});

/** Mounted at /engine (authenticated scope): spec 1 §2.5 and §7. */
export const manualTriggerRoutes: FastifyPluginAsyncZod<ManualTriggerOptions> = async (
  app,
  options,
) => {
  const uploads = createManualUploads(options.storage, options.now);
  app.get(
    '/flow/manual-trigger/:flowId',
    {
      schema: {
        tags,
        security,
        summary: 'O formulário do Manual Trigger do flow',
        params,
        response: {
          200: z.object({
            success: z.literal(true),
            form_fields: z.array(formFieldSchema),
            form_description: z.string(),
          }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const form = await options.service.form(
        sessionOf(request).workspaceId,
        request.params.flowId,
      );
      return { success: true as const, ...form };
    },
  );

  app.post(
    '/flow/manual-trigger/:flowId',
    {
      config: {
        // The Manual Trigger's fields, by name: a file part for a file field.
        documentedBody: {
          content: {
            'application/json': { schema: { type: 'object', additionalProperties: {} } },
            'multipart/form-data': {
              schema: {
                type: 'object',
                additionalProperties: { anyOf: [{ type: 'string' }, documentedFile] },
              },
            },
          },
        },
      },
      schema: {
        tags,
        security,
        summary: 'Executa o flow pelo Manual Trigger (multipart com os campos e arquivos, ou JSON)',
        params,
        response: {
          200: z.object({ success: z.literal(true), execution_id: z.string() }),
          ...errorResponses(400, 401, 404, 413),
        },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      const target = await options.service.target(workspaceId, request.params.flowId);
      const values: Record<string, unknown> = {};
      // Every folder this request wrote: removed if anything fails before the run is enqueued.
      const kept: string[] = [];
      try {
        if (request.isMultipart()) {
          await readParts(request, { uploads, workspaceId }, values, kept);
        } else if (request.body && typeof request.body === 'object') {
          Object.assign(values, request.body);
        }
        const execution_id = await options.service.run(target, values);
        return { success: true as const, execution_id };
      } catch (error) {
        await uploads.remove(workspaceId, kept);
        throw error;
      }
    },
  );
};

/** Reads the form's fields and keeps its files; a field holding NUL or a lone surrogate is refused. */
async function readParts(
  request: FastifyRequest,
  { uploads, workspaceId }: { uploads: ManualUploads; workspaceId: string },
  values: Record<string, unknown>,
  kept: string[],
) {
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && hasForbiddenCharacter(part.value)) {
        throw invalidField(part.fieldname, messages.generic.forbiddenCharacterIn(part.fieldname));
      }
      values[part.fieldname] = part.value;
      continue;
    }
    // The flow, its logs and every answer see the file's storage path, never the server's.
    const { upload, folder, truncated } = await uploads.save(workspaceId, part.file, part);
    kept.push(folder);
    if (truncated) throw new AppError(413, 'payload_too_large', messages.generic.payloadTooLarge);
    values[part.fieldname] = upload;
  }
}

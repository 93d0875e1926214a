import type {} from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { ManualTriggerService } from './manual-trigger.service';

export interface ManualTriggerOptions {
  service: ManualTriggerService;
  /** Where uploaded files are kept (PONTE_DATA_DIR/uploads). */
  uploadsDir: string;
}

const tags = ['Engine'];
const security = bearerSecurity;
const params = z.object({ flowId: z.string().min(1) });

const formFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'textarea', 'upload']),
  required: z.boolean(),
});

interface UploadedFile {
  filename: string;
  mimetype: string;
  size: number;
  path: string;
}

/** Mounted at /engine (authenticated scope): spec 1 §2.5 and §7. */
export const manualTriggerRoutes: FastifyPluginAsyncZod<ManualTriggerOptions> = async (
  app,
  options,
) => {
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
      const target = await options.service.target(
        sessionOf(request).workspaceId,
        request.params.flowId,
      );
      const values: Record<string, unknown> = {};
      if (request.isMultipart()) {
        const batch = join(options.uploadsDir, randomUUID());
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            values[part.fieldname] = part.value;
            continue;
          }
          await mkdir(batch, { recursive: true });
          const path = join(batch, `${randomUUID()}-${part.filename.replace(/[^\w.-]+/g, '_')}`);
          await pipeline(part.file, createWriteStream(path));
          if (part.file.truncated)
            throw new AppError(413, 'payload_too_large', messages.generic.payloadTooLarge);
          const file: UploadedFile = {
            filename: part.filename,
            mimetype: part.mimetype,
            size: part.file.bytesRead,
            path,
          };
          values[part.fieldname] = file;
        }
      } else if (request.body && typeof request.body === 'object') {
        Object.assign(values, request.body);
      }
      const execution_id = await options.service.run(target, values);
      return { success: true as const, execution_id };
    },
  );
};

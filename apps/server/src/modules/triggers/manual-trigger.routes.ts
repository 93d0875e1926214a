import type {} from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import {
  manualFormFields,
  validateManualInput,
} from '@ponte/engine/nodes/triggers/manual-trigger/manual-trigger.node';
import type { Database } from '../../db/client';
import { flows } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { ExecutionRunner } from '../executions/execution-runner';
import { createManualUploads } from './manual-uploads';

export interface ManualTriggerOptions {
  db: Database;
  runner: ExecutionRunner;
  /** Where uploaded files are kept (PONTE_DATA_DIR/uploads). */
  uploadsDir: string;
}

const m = messages.engine;
const tags = ['Engine'];
const security = bearerSecurity;
const params = z.object({ flowId: z.string().min(1) });

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
  const uploads = createManualUploads(options.uploadsDir);
  const manualNode = async (workspaceId: string, flowId: string) => {
    const [flow] = await options.db
      .select()
      .from(flows)
      .where(and(eq(flows.workspaceId, workspaceId), eq(flows.id, flowId)));
    if (!flow) throw notFound(m.flowNotFound);
    const node = (flow.data as FlowDocument).nodes.find(
      (n) => n.type === 'core_manual_trigger' && !n.disabled,
    );
    if (!node) throw invalidField('flow', m.noManualTrigger);
    return { flow, node };
  };

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
      const { node } = await manualNode(sessionOf(request).workspaceId, request.params.flowId);
      return {
        success: true as const,
        form_fields: manualFormFields(node.params),
        form_description: String(node.params.description ?? ''),
      };
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
      const { workspaceId } = sessionOf(request);
      const { flow, node } = await manualNode(workspaceId, request.params.flowId);
      if (!flow.enabled) throw invalidField('flow', m.flowDisabled);
      const values: Record<string, unknown> = {};
      if (request.isMultipart()) {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            values[part.fieldname] = part.value;
            continue;
          }
          // The flow, its logs and every answer see the file's reference, never where it is kept.
          const { upload, truncated } = await uploads.save(part.file, part);
          if (truncated)
            throw new AppError(413, 'payload_too_large', messages.generic.payloadTooLarge);
          values[part.fieldname] = upload;
        }
      } else if (request.body && typeof request.body === 'object') {
        Object.assign(values, request.body);
      }
      const problems = validateManualInput(manualFormFields(node.params), values);
      if (problems.length) {
        throw new AppError(
          400,
          'validation_error',
          problems[0]!,
          problems.map((message) => ({ field: 'form', message })),
        );
      }
      const { execution_id } = await options.runner.enqueue({
        workspaceId,
        flowId: flow.id,
        triggerNodeUid: node.uid,
        msg: { payload: values },
      });
      return { success: true as const, execution_id };
    },
  );
};

import type { FormSubmitAnswer, PublicForm } from '@ponte/shared/forms.schema';
import type { Multipart } from '@fastify/multipart';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { submissionPayload } from '@ponte/shared/forms/submission';
import type { StorageFileRef } from '@ponte/shared/storage.schema';
import { AppError } from '../../lib/app-error';
import { createRateLimiter } from '../../lib/rate-limiter';
import type { Database } from '../../db/client';
import { retryAfterSeconds } from '../executions/execution-give-up';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import { createManualUploads, type UploadStorage } from '../triggers/manual-uploads';
import { addressKey } from '../triggers/webhook-limits';
import { createFormAccess, type FormAccessDeps, type FormVisitor } from './form-access';
import { findFormConsumer } from './form-consumer';
import { publicDefinition, publicFields } from './form-definition';
import { awaitFormResult } from './form-result';
import { readSubmission, type SubmissionParts } from './form-submission-parts';

/** The storage folder of form uploads: `/envios-formularios/AAAA-MM-DD/<uuid>/<name>`. */
export const formUploadsFolder = '/envios-formularios';

const m = messages.forms.public;

export interface FormsPublicDeps extends FormAccessDeps {
  db: Database;
  storage: UploadStorage;
  enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
  now?: () => Date;
  /** PONTE_FORM_RESULT_TIMEOUT_SECONDS, in ms (default `limits.formResultTimeoutMs`). */
  resultTimeoutMs?: number;
  /** Submissions per minute per client address (0: none; default 300, like webhooks). */
  submitsPerMinute?: number;
}

/** The flow's `msg.payload`: the values, then each upload field's ref (or refs). */
function payloadOf(fields: Parameters<typeof submissionPayload>[0], parts: SubmissionParts) {
  const payload: Record<string, unknown> = submissionPayload(fields, parts.values);
  for (const field of fields) {
    if (field.type !== 'upload') continue;
    const refs: StorageFileRef[] = parts.files
      .filter((f) => f.field === field.name)
      .map((f) => f.ref);
    payload[field.name] = field.upload_multiple ? refs : (refs[0] ?? null);
  }
  return payload;
}

/**
 * The public side of forms (docs/adr/0038): the definition a visitor may see, and the
 * submissions that start the form's consumer flow with the values and the uploaded files.
 */
export function createFormsPublicService(deps: FormsPublicDeps) {
  const gate = createFormAccess(deps);
  const uploads = createManualUploads(deps.storage, deps.now, formUploadsFolder);
  const byAddress = createRateLimiter({ perMinute: deps.submitsPerMinute ?? 300 });
  const timeoutMs = deps.resultTimeoutMs ?? limits.formResultTimeoutMs;

  return {
    /** Whether the form's page answers 200 (published) or 404 (anything else). */
    async published(formId: string): Promise<boolean> {
      const access = await gate
        .open(formId, { address: '', pin: undefined, token: undefined }, noPreview)
        .catch(() => null);
      return access !== null;
    },

    async definition(formId: string, visitor: FormVisitor): Promise<PublicForm> {
      const access = await gate.open(formId, visitor, { allowPreview: true, pinRequired: false });
      return publicDefinition(deps.db, access.form, access);
    },

    async submit(
      formId: string,
      visitor: FormVisitor,
      parts: () => AsyncIterableIterator<Multipart>,
    ): Promise<FormSubmitAnswer> {
      const decision = byAddress.take(addressKey(visitor.address));
      if (!decision.allowed) {
        const seconds = decision.retryAfterSeconds;
        throw new AppError(429, errorCodes.rateLimited, m.submitRateLimited(seconds), undefined, {
          'retry-after': String(seconds),
        });
      }
      const { form } = await gate.open(formId, visitor, { allowPreview: false, pinRequired: true });
      const consumer = await findFormConsumer(deps.db, form.workspaceId, form.id);
      if (!consumer) throw new AppError(409, errorCodes.formNoConsumer, m.noConsumer);
      const fields = await publicFields(deps.db, form);
      const kept: string[] = [];
      let respond: ((response: WebhookResponse) => void) | undefined;
      const responded = new Promise<WebhookResponse>((resolve) => (respond = resolve));
      let enqueued: EnqueuedExecution;
      try {
        const read = await readSubmission(parts(), fields, {
          uploads,
          workspaceId: form.workspaceId,
          kept,
        });
        enqueued = await deps.enqueue({
          workspaceId: form.workspaceId,
          flowId: consumer.flowId,
          triggerNodeUid: consumer.node.uid,
          msg: { payload: payloadOf(fields, read), form: { _id: form.id, name: form.name } },
          ...(form.waitFlowResult
            ? { respond: (response: WebhookResponse) => respond?.(response) }
            : {}),
        });
      } catch (error) {
        await uploads.remove(form.workspaceId, kept);
        throw error;
      }
      if (!form.waitFlowResult) return { outcome: 'sent' };
      const answer = await awaitFormResult(responded, enqueued, timeoutMs);
      if (answer !== 'withdrawn') return answer;
      // The flow never started: the submission was not made, and its files go too.
      await uploads.remove(form.workspaceId, kept);
      const seconds = retryAfterSeconds(timeoutMs);
      throw new AppError(503, errorCodes.flowBusy, m.submitBusy(seconds), undefined, {
        'retry-after': String(seconds),
      });
    },
  };
}

const noPreview = { allowPreview: false, pinRequired: false };

export type FormsPublicService = ReturnType<typeof createFormsPublicService>;

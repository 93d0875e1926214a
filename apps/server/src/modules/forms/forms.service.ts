import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { errorCodes } from '@ponte/shared/errors';
import {
  formSaveIssues,
  normaliseFormFields,
  type Form,
  type FormBodyParsed,
  type FormList,
  type formListQuerySchema,
} from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { listOptionsOf } from '../../lib/named-resource/named-table';
import { groupCheck, removeOrMissing, rowOrMissing } from '../../lib/named-resource/named-rules';
import { hashPassword } from '../auth/password-hasher';
import { findFormConsumer } from './form-consumer';
import { createFormsRepository, type FormFlowRef, type FormRow } from './forms.repository';

const m = messages.forms;

export type FormListQuery = z.output<typeof formListQuerySchema>;

export interface FormsServiceDeps {
  db: Database;
  now: () => Date;
}

/** The API's form: the PIN and its hash never leave the server (`auth_pin_set`). */
export const toForm = (row: FormRow, flow: FormFlowRef | null): Form => ({
  _id: row.id,
  name: row.name,
  group: row.groupId ?? null,
  status: row.status,
  fields: row.fields,
  title: row.title,
  message: row.message,
  success_message: row.successMessage,
  show_back_button: row.showBackButton,
  wait_flow_result: row.waitFlowResult,
  require_auth_pin: row.requireAuthPin,
  auth_pin_set: row.authPinHash !== null,
  flow_id: flow,
  workspace_id: row.workspaceId,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

export const formMissing = (id: string) => notFound(m.notFound, { kind: 'form', id });

/** Spec 2 §5 'Form save': 400 with the first issue's message and every issue in `details`. */
function checkSave(body: FormBodyParsed, pinStored: boolean) {
  const issues = formSaveIssues(body, pinStored);
  if (!issues.length) return;
  const details = issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new AppError(400, errorCodes.validation, details[0]!.message, details);
}

/**
 * The stored PIN hash after a save: cleared when PIN auth is off, replaced by a new PIN, kept
 * when none is sent.
 */
async function pinHashOf(body: FormBodyParsed, stored: string | null): Promise<string | null> {
  if (!body.require_auth_pin) return null;
  if (body.auth_pin) return hashPassword(body.auth_pin);
  return stored;
}

/** The columns a save writes (everything the builder edits). */
const savedColumns = (body: FormBodyParsed) => ({
  name: body.name,
  groupId: body.group || null,
  status: body.status,
  fields: normaliseFormFields(body.fields),
  title: body.title,
  message: body.message,
  successMessage: body.success_message,
  showBackButton: body.show_back_button,
  waitFlowResult: body.wait_flow_result,
  requireAuthPin: body.require_auth_pin,
});

/** The workspace's public forms (spec 2 'Forms', §7): rows in `forms`, scoped to the session. */
export function createFormsService(deps: FormsServiceDeps) {
  const { db, now } = deps;
  const repository = createFormsRepository(db);

  const checkGroup = groupCheck(repository.groupExists);
  const rowOf = rowOrMissing(repository.find, formMissing);

  async function withConsumer(row: FormRow): Promise<Form> {
    const consumer = await findFormConsumer(db, row.workspaceId, row.id);
    return toForm(row, consumer && { _id: consumer.flowId, name: consumer.flowName });
  }

  return {
    repository,

    async list(workspaceId: string, query: FormListQuery): Promise<FormList> {
      const { items, total } = await repository.list(workspaceId, listOptionsOf(query));
      const consumers = await repository.consumersOf(
        workspaceId,
        items.map((row) => row.id),
      );
      return { items: items.map((row) => toForm(row, consumers.get(row.id) ?? null)), total };
    },

    get: async (workspaceId: string, id: string) => withConsumer(await rowOf(workspaceId, id)),

    async create(workspaceId: string, body: FormBodyParsed): Promise<Form> {
      checkSave(body, false);
      await checkGroup(workspaceId, body.group);
      const at = now();
      const row = await repository.insert({
        id: randomUUID(),
        workspaceId,
        ...savedColumns(body),
        authPinHash: await pinHashOf(body, null),
        createdAt: at,
        updatedAt: at,
      });
      return withConsumer(row);
    },

    async update(workspaceId: string, id: string, body: FormBodyParsed): Promise<Form> {
      const stored = await rowOf(workspaceId, id);
      checkSave(body, stored.authPinHash !== null);
      await checkGroup(workspaceId, body.group);
      const row = await repository.update(workspaceId, id, {
        ...savedColumns(body),
        authPinHash: await pinHashOf(body, stored.authPinHash),
        updatedAt: now(),
      });
      if (!row) throw formMissing(id);
      return withConsumer(row);
    },

    remove: removeOrMissing(repository.remove, formMissing),
  };
}

export type FormsService = ReturnType<typeof createFormsService>;

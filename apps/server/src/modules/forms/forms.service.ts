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
import { listOptionsOf, type WithinGroups } from '../../lib/named-resource/named-table';
import { groupCheck, removeOrMissing, rowOrMissing } from '../../lib/named-resource/named-rules';
import { hashPassword } from '../auth/password-hasher';
import { noStamp, type SaveStamp, type VersionsService } from '../versions/versions.service';
import { findFormConsumer } from './form-consumer';
import { formVersioning } from './form-versions';
import { createFormsRepository, type FormFlowRef, type FormRow } from './forms.repository';

const m = messages.forms;

export type FormListQuery = z.output<typeof formListQuerySchema>;

export interface FormsServiceDeps {
  db: Database;
  /** Every save is a version (docs/adr/0103). */
  versions: VersionsService;
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
  version: row.version,
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
  const { db } = deps;
  const repository = createFormsRepository(db);
  const versioned = formVersioning(deps.versions, repository);

  const checkGroup = groupCheck(repository.groupExists);
  const rowOf = rowOrMissing(repository.find, formMissing);
  const removeRow = removeOrMissing(repository.remove, formMissing);

  async function withConsumer(row: FormRow): Promise<Form> {
    const consumer = await findFormConsumer(db, row.workspaceId, row.id);
    return toForm(row, consumer && { _id: consumer.flowId, name: consumer.flowName });
  }

  return {
    repository,

    async list(workspaceId: string, query: FormListQuery & WithinGroups): Promise<FormList> {
      const { items, total } = await repository.list(workspaceId, listOptionsOf(query));
      const consumers = await repository.consumersOf(
        workspaceId,
        items.map((row) => row.id),
      );
      return { items: items.map((row) => toForm(row, consumers.get(row.id) ?? null)), total };
    },

    get: async (workspaceId: string, id: string) => withConsumer(await rowOf(workspaceId, id)),

    async create(
      workspaceId: string,
      body: FormBodyParsed,
      stamp: SaveStamp = noStamp,
    ): Promise<Form> {
      checkSave(body, false);
      await checkGroup(workspaceId, body.group);
      const values = {
        id: randomUUID(),
        workspaceId,
        ...savedColumns(body),
        authPinHash: await pinHashOf(body, null),
      };
      return withConsumer(await versioned.create(workspaceId, values, stamp));
    },

    /** A new version, only when the save was based on the form's current one (if it says). */
    async update(
      workspaceId: string,
      id: string,
      body: FormBodyParsed,
      stamp: SaveStamp = noStamp,
    ): Promise<Form> {
      const stored = await rowOf(workspaceId, id);
      await versioned.check(workspaceId, stored, stamp);
      checkSave(body, stored.authPinHash !== null);
      await checkGroup(workspaceId, body.group);
      const values = {
        ...savedColumns(body),
        authPinHash: await pinHashOf(body, stored.authPinHash),
      };
      return withConsumer(await versioned.update(workspaceId, stored, values, stamp));
    },

    /** The current version and document of a form of the workspace (404 without one). */
    versionState: async (workspaceId: string, id: string) =>
      versioned.state(await rowOf(workspaceId, id)),

    /** A version's document as an update of the form ('Restaurar', docs/adr/0103). */
    restoreBody: versioned.restoreBody,

    /** The form and its versions. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await removeRow(workspaceId, id);
      await versioned.removeAll(workspaceId, id);
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;

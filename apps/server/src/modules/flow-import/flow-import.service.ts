import { errorCodes } from '@ponte/shared/errors';
import type {
  FlowImportBody,
  FlowImportCreated,
  FlowImportPreview,
  FlowImportTotals,
} from '@ponte/shared/flow-import.schema';
import { flowImportBodySchema } from '@ponte/shared/flow-import.schema';
import { flowBodySchema } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { serviceAccountTypeLabels } from '@ponte/shared/service-accounts.schema';
import type { ServiceAccountType } from '@ponte/shared/service-account-types';
import {
  ImportFormatError,
  type ImportedFlow,
  type ImportResult,
  type ImportSource,
} from '@ponte/engine/import/import-result';
import { AppError, invalidField } from '../../lib/app-error';
import type { FlowsService, SaveContext } from '../flows/flows.service';
import { withUniqueNames } from './unique-names';

const m = messages.flowImport;

export interface FlowImportDeps {
  flows: Pick<FlowsService, 'check' | 'create' | 'update' | 'remove'>;
  /** Every flow name of the workspace. */
  flowNames: (workspaceId: string) => Promise<string[]>;
  /** A service account of the workspace, or null (never another workspace's). */
  account: (workspaceId: string, id: string) => Promise<{ name: string; type: string } | null>;
}

/** The translators, loaded at the first import: a server that never imports keeps them out of memory. */
const translators: Record<ImportSource, () => Promise<(input: unknown) => ImportResult>> = {
  n8n: async () => (await import('@ponte/engine/import/n8n/import-n8n')).importN8n,
  'node-red': async () =>
    (await import('@ponte/engine/import/node-red/import-node-red')).importNodeRed,
};

/** The translator's result; a file that is not an export of the tool is a 400 with its text. */
async function translate(source: ImportSource, document: unknown): Promise<ImportResult> {
  const translator = await translators[source]();
  try {
    const result = translator(document);
    if (!result.flows.length) throw new AppError(400, errorCodes.importFormat, m.noFlows);
    return result;
  } catch (error) {
    if (error instanceof ImportFormatError) {
      throw new AppError(400, errorCodes.importFormat, error.message);
    }
    throw error;
  }
}

function totalsOf(flows: Pick<ImportedFlow, 'report'>[]): FlowImportTotals {
  const totals = { translated: 0, adapted: 0, not_translated: 0 };
  for (const row of flows.flatMap((flow) => flow.report)) totals[row.status]++;
  return totals;
}

/** Adds a note to the report rows of the nodes `uids`. */
function noteOn(flow: ImportedFlow, uids: string[], note: string) {
  for (const row of flow.report) {
    if (row.node_uid && uids.includes(row.node_uid)) row.notes.push(note);
  }
}

/**
 * Calls between flows of the file: the called flow's id when `ids` has it (after the creation),
 * and in every case a note saying whether the call reaches a flow of the import.
 */
function resolveRefs(flows: ImportedFlow[], ids: Map<string, string> | null) {
  const bySource = new Map(flows.flatMap((f) => (f.source_id ? [[f.source_id, f] as const] : [])));
  for (const flow of flows) {
    for (const ref of flow.flow_refs) {
      const called = bySource.get(ref.source_id);
      noteOn(flow, [ref.node_uid], called ? m.flowRefResolved(called.name) : m.flowRefMissing);
      const node = flow.data.nodes.find((each) => each.uid === ref.node_uid);
      const id = called && ids?.get(called.name);
      if (node && id) node.params = { ...node.params, flow: id };
    }
  }
}

type Picked = Map<string, { id: string; name: string }>;

/** Each picked account, checked: a need of the file, the workspace's, of the need's type. */
async function checkedAccounts(
  deps: FlowImportDeps,
  workspaceId: string,
  flows: ImportedFlow[],
  accounts: Record<string, string>,
): Promise<Picked> {
  const needs = new Map(flows.flatMap((flow) => flow.accounts.map((need) => [need.key, need])));
  const picked: Picked = new Map();
  for (const [key, id] of Object.entries(accounts)) {
    if (!id) continue;
    const need = needs.get(key);
    if (!need) throw invalidField(`accounts.${key}`, m.unknownNeed(key));
    const credential = need.original_name || need.key;
    const account = await deps.account(workspaceId, id);
    if (!account) throw invalidField(`accounts.${key}`, m.accountMissing(credential));
    if (account.type !== need.account_type) {
      const label =
        serviceAccountTypeLabels[need.account_type as ServiceAccountType] ?? need.account_type;
      throw invalidField(`accounts.${key}`, m.accountWrongType(credential, label));
    }
    picked.set(key, { id, name: account.name });
  }
  return picked;
}

/** The picked accounts set on the nodes of their needs; the report tells each node's. */
function applyAccounts(flows: ImportedFlow[], picked: Picked) {
  for (const flow of flows) {
    for (const need of flow.accounts) {
      const account = picked.get(need.key);
      noteOn(flow, need.node_uids, account ? m.accountPicked(account.name) : m.accountMissingNote);
      if (!account) continue;
      for (const node of flow.data.nodes) {
        if (need.node_uids.includes(node.uid)) {
          node.params = { ...node.params, service_account: account.id };
        }
      }
    }
  }
}

/** A refusal of one flow's save, told as the refusal of the whole import. */
function refusalOf(flow: ImportedFlow, error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(
    error.statusCode,
    error.code,
    m.failed(flow.name, error.message),
    error.details,
  );
}

/**
 * Flows of n8n and Node-RED exports (docs/adr/0138): translated and reported (dry run), or
 * created disabled through the flows service, all of them or none.
 */
export function createFlowImportService(deps: FlowImportDeps) {
  async function createAll(
    workspaceId: string,
    flows: ImportedFlow[],
    group: string | null,
    context?: SaveContext,
  ) {
    const created: { flow: ImportedFlow; id: string }[] = [];
    try {
      for (const flow of flows) {
        const body = flowBodySchema.parse({
          name: flow.name,
          description: flow.description,
          data: flow.data,
          group,
          enabled: false,
        });
        const made = await deps.flows
          .create(workspaceId, body, context)
          .catch((error: unknown) => Promise.reject(refusalOf(flow, error)));
        created.push({ flow, id: made._id });
      }
      // A call to a flow of the file needs the called one's id: set by a save once all exist.
      resolveRefs(flows, new Map(created.map(({ flow, id }) => [flow.name, id])));
      for (const { flow, id } of created) {
        if (!flow.flow_refs.length) continue;
        await deps.flows
          .update(workspaceId, id, { data: flow.data }, context)
          .catch((error: unknown) => Promise.reject(refusalOf(flow, error)));
      }
    } catch (error) {
      // All or nothing: what was created is removed before the refusal answers.
      for (const { id } of created.reverse()) await deps.flows.remove(workspaceId, id, context);
      throw error;
    }
    return created;
  }

  return {
    /** The translation and its report; nothing is created. */
    async preview(workspaceId: string, input: FlowImportBody): Promise<FlowImportPreview> {
      const body = flowImportBodySchema.parse(input);
      const { source, flows } = await translate(body.source, body.document);
      resolveRefs(flows, null);
      const names = withUniqueNames(
        flows.map((flow) => flow.name),
        await deps.flowNames(workspaceId),
        limits.flowNameMax,
      );
      return {
        source,
        flows: flows.map((flow, index) => ({
          name: names[index]!,
          description: flow.description,
          nodes: flow.data.nodes.length,
          data: flow.data,
          report: flow.report,
          accounts: flow.accounts,
        })),
        totals: totalsOf(flows),
      };
    },

    /** Every flow of the file created disabled, or none (the first refusal answers). */
    async importFlows(
      workspaceId: string,
      input: FlowImportBody,
      context?: SaveContext,
    ): Promise<FlowImportCreated> {
      const body = flowImportBodySchema.parse(input);
      const { flows } = await translate(body.source, body.document);
      const picked = await checkedAccounts(deps, workspaceId, flows, body.accounts);
      applyAccounts(flows, picked);
      const names = withUniqueNames(
        flows.map((flow) => flow.name),
        await deps.flowNames(workspaceId),
        limits.flowNameMax,
      );
      flows.forEach((flow, index) => (flow.name = names[index]!));
      for (const flow of flows) {
        await deps.flows
          .check(workspaceId, { data: flow.data, enabled: false })
          .catch((error: unknown) => Promise.reject(refusalOf(flow, error)));
      }
      const created = await createAll(workspaceId, flows, body.group, context);
      return {
        flows: created.map(({ flow, id }) => ({ _id: id, name: flow.name, report: flow.report })),
        totals: totalsOf(flows),
      };
    },
  };
}

export type FlowImportService = ReturnType<typeof createFlowImportService>;

import { formatDateTimeMinutes } from '@ponte/shared/format';
import { flowLgpdSchema } from '@ponte/shared/lgpd/lgpd.schema';
import {
  registerStatusOf,
  type RegisterEntry,
  type RegisterList,
  type RegisterQuery,
} from '@ponte/shared/lgpd/register.schema';
import type { Database } from '../../db/client';
import { toIso } from '../../lib/list-query';
import type { AuthContext } from '../../plugins/auth';
import {
  createProcessingRegisterRepository,
  type RegisterFlowRow,
} from './processing-register.repository';
import { registerCsv } from './register-csv';
import { registerPdf, type RegisterPdfOptions } from './register-pdf';

/** The instance's defaults a flow follows when it has no choice of its own. */
export interface RegisterInstance {
  /** PONTE_LOG_RETENTION_DAYS. */
  retentionDays: number;
  /** PONTE_LGPD_MASK; null when this server is not told it. */
  mask: boolean | null;
}

export interface ProcessingRegisterDeps {
  db: Database;
  now: () => Date;
  instance: RegisterInstance;
}

/**
 * A stored flow's entry. The stored `lgpd` is read through its schema, so a flow saved before a
 * field existed (or with a value no longer known) reads as the defaults, never as an error.
 */
export function entryOf(row: RegisterFlowRow, instance: RegisterInstance): RegisterEntry {
  const parsed = flowLgpdSchema.safeParse(row.config.lgpd ?? {});
  const lgpd = parsed.success ? parsed.data : flowLgpdSchema.parse({});
  const ownDays = row.config.retention_days ?? null;
  return {
    flow_id: row.id,
    name: row.name,
    group: row.groupId,
    group_name: row.groupName,
    enabled: row.enabled,
    status: registerStatusOf(lgpd),
    purpose: lgpd.purpose,
    legal_basis: lgpd.legal_basis,
    data_categories: lgpd.data_categories,
    retention_note: lgpd.retention_note,
    retention_days: ownDays ?? instance.retentionDays,
    retention_own: ownDays !== null,
    mask: lgpd.mask,
    masked: lgpd.mask === 'default' ? instance.mask : lgpd.mask === 'on',
    updated_at: toIso(row.updatedAt),
  };
}

/** The instance's defaults as one sentence of the PDF. */
function instanceSentence(instance: RegisterInstance): string {
  const days = instance.retentionDays === 1 ? '1 dia' : `${instance.retentionDays} dias`;
  const mask =
    instance.mask === null
      ? ''
      : ` Mascaramento de dados pessoais padrão da instância: ${instance.mask ? 'ligado' : 'desligado'}.`;
  return `Retenção padrão da instância dos logs e dados das execuções: ${days}.${mask}`;
}

/** The register of processing of the session's workspace: the list and its two exports. */
export function createProcessingRegisterService({ db, now, instance }: ProcessingRegisterDeps) {
  const repository = createProcessingRegisterRepository(db);
  const instanceView = { retention_days: instance.retentionDays, mask: instance.mask };

  const entries = async (workspaceId: string, missing: boolean) =>
    (await repository.all(workspaceId, missing)).map((row) => entryOf(row, instance));

  return {
    async list(workspaceId: string, query: RegisterQuery): Promise<RegisterList> {
      const { items, total } = await repository.page(workspaceId, query);
      return { items: items.map((row) => entryOf(row, instance)), total, instance: instanceView };
    },

    async csv(workspaceId: string, missing: boolean): Promise<string> {
      return registerCsv(await entries(workspaceId, missing));
    },

    /** The PDF names who generated it: the person, and the API key when one made the call. */
    async pdf(session: AuthContext, missing: boolean, options?: RegisterPdfOptions) {
      const [list, names] = await Promise.all([
        entries(session.workspaceId, missing),
        repository.names(session.workspaceId, session.userId),
      ]);
      const by = session.apiKey
        ? `${names.user} (token de API "${session.apiKey.name}")`
        : names.user;
      return registerPdf(
        list,
        {
          workspace: names.workspace,
          generatedAt: formatDateTimeMinutes(now()),
          generatedBy: by,
          instance: instanceSentence(instance),
          onlyMissing: missing,
        },
        options,
      );
    },
  };
}

export type ProcessingRegisterService = ReturnType<typeof createProcessingRegisterService>;

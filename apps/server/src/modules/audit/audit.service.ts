import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  auditActionName,
  auditAreaNames,
  auditCategoryNames,
  type AuditEvent,
  type AuditQuery,
} from '@ponte/shared/audit.schema';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { AuditedChange } from '../../http/audit-trail';
import { csvFormats, neutralize, stringifyOptions } from '../../lib/csv-format';
import { storableJson, storableText } from '../../lib/storable-text';
import type { AuthContext } from '../../plugins/auth';
import { createAuditRepository, type AuditEventRow } from './audit.repository';

export interface AuditDeps {
  db: Database;
  now: () => Date;
}

const cut = (text: string, max: number) =>
  storableText(text.length > max ? `${text.slice(0, max - 1)}…` : text);

interface Listed {
  event: AuditEventRow;
  userName: string | null;
  userEmail: string | null;
}

function itemOf({ event, userName, userEmail }: Listed): AuditEvent {
  return {
    _id: String(event.id),
    category: event.category,
    action: event.action,
    user:
      event.userId && userName !== null && userEmail !== null
        ? { _id: event.userId, name: userName, email: userEmail }
        : null,
    api_key: event.apiKeyId ? { _id: event.apiKeyId, name: event.actorName } : null,
    actor_name: event.actorName,
    ip: event.ip,
    resource_kind: event.resourceKind,
    resource_id: event.resourceId,
    resource_name: event.resourceName,
    resource: event.resource,
    detail: event.detail,
    changes: event.changes ?? [],
    created_at: event.createdAt.toISOString(),
  };
}

const csvHeader = [
  'Data e hora',
  'Categoria',
  'Ação',
  'Pessoa',
  'E-mail',
  'Token de API',
  'Endereço IP',
  'Recurso',
  'Nome do recurso',
  'ID do recurso',
  'Detalhes',
  'Alterações',
];

/** One line of the CSV: what the page shows, in the Brazilian Excel format (docs/adr/0078). */
function csvRow(item: AuditEvent): string[] {
  const excel = csvFormats.excel;
  const resource = item.resource_kind
    ? (auditAreaNames[item.resource_kind] ?? item.resource_kind)
    : item.resource;
  const changes = item.changes
    .map((c) => `${c.field}: ${c.before ?? '(vazio)'} → ${c.after ?? '(vazio)'}`)
    .join('\n');
  return [
    excel.datetime(item.created_at),
    auditCategoryNames[item.category],
    auditActionName(item.action),
    item.user?.name ?? (item.api_key ? '' : item.actor_name),
    item.user?.email ?? '',
    item.api_key?.name ?? '',
    item.ip ?? '',
    resource,
    item.resource_name,
    item.resource_id,
    item.detail,
    changes,
  ].map(neutralize);
}

/** The audit log (docs/adr/0107): changes recorded by the API's trail, read and exported. */
export function createAudit({ db, now }: AuditDeps) {
  const repository = createAuditRepository(db);

  return {
    /** Writes one change, with the name of whoever made it as it is now. */
    async recordChange(change: AuditedChange): Promise<void> {
      let actorName = change.apiKey?.name ?? '';
      if (!change.apiKey && change.userId) {
        const [user] = await db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, change.userId));
        actorName = user?.name ?? '';
      }
      await repository.insert({
        workspaceId: change.workspaceId,
        category: 'change',
        action: change.action,
        userId: change.userId,
        apiKeyId: change.apiKey?.id ?? null,
        actorName: cut(actorName, 300),
        ip: change.ip,
        resourceKind: change.resourceKind,
        resourceId: cut(change.resourceId, 300),
        resourceName: cut(change.resourceName, 300),
        resource: '',
        detail: cut(change.detail, 1_000),
        changes: change.changes.length ? storableJson(change.changes) : null,
        createdAt: now(),
      });
    },

    /** A page of the workspace's log, newest first (the route needs 'audit.read'). */
    async list(session: AuthContext, query: AuditQuery) {
      const { rows, total } = await repository.list(session.workspaceId, session.customerId, query);
      return { items: rows.map(itemOf), total };
    },

    /** Every event the filters match, as a CSV that Excel in pt-BR opens (`;`, BOM). */
    csv(session: AuthContext, query: AuditQuery): Readable {
      const rows = repository.each(session.workspaceId, session.customerId, query);
      async function* lines() {
        yield csvHeader;
        for await (const row of rows) yield csvRow(itemOf(row));
      }
      const out = stringify({ ...stringifyOptions(csvFormats.excel), bom: true });
      const source = Readable.from(lines());
      source.on('error', (error) => out.destroy(error));
      return source.pipe(out);
    },

    deleteOlderThan: (cutoff: Date) => repository.deleteOlderThan(cutoff),
  };
}

export type Audit = ReturnType<typeof createAudit>;

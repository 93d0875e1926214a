import type {
  SecurityEvent,
  SecurityEventKind,
  SecurityLogQuery,
} from '@ponte/shared/security-log.schema';
import type { Database } from '../../db/client';
import { createWriteBatcher } from '../../lib/write-batcher';
import type { AuthContext } from '../../plugins/auth';
import {
  createSecurityLogRepository,
  type NewSecurityEvent,
  type OwnedResourceKind,
} from './security-log.repository';

/** One event as modules report it; the time is the log's clock. */
export interface SecurityEventInput {
  kind: SecurityEventKind;
  userId?: string | null;
  workspaceId?: string | null;
  /** What was asked for or stopped: `flow:abc`, `GET /api/v1/monitoring/logs`, `socket`… */
  resource: string;
  /** A pt-BR sentence for the owner; never a secret, a token or a path of the server. */
  detail?: string;
  /** When it happened (default: now). */
  at?: Date;
  /** The caller's address, when a request made the event. */
  ip?: string | null;
}

/** Anything that wants to report an event: `record` never throws and never waits. */
export type RecordSecurityEvent = (event: SecurityEventInput) => void;

export interface SecurityLogDeps {
  db: Database;
  now: () => Date;
  onError: (error: unknown) => void;
  /** Events waiting for their batch beyond this are dropped (a flood cannot take memory). */
  maxPending?: number;
  /** A throttled or denied event repeating one recorded this recently is dropped (default 10 s). */
  throttledWindowMs?: number;
  /** Each event kept (past the repeat filter), when it is recorded: the log streaming's. */
  onRecorded?: (event: SecurityEventInput, at: Date) => void;
}

const maxResource = 300;
const maxDetail = 1_000;

/** Text PostgreSQL can hold: no NUL, no lone surrogate, bounded length. */
function storable(text: string, max: number): string {
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return short
    .replaceAll('\u0000', '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Kinds a flood repeats: the same one within the window is kept once. */
const repeatable = new Set<SecurityEventKind>(['throttled', 'cross_workspace_denied']);

/**
 * A flood is one line, not thousands: the same event (kind, workspace, user, resource) is kept
 * once per window. The map is swept when it grows, so it stays bounded.
 */
function createRepeatFilter(windowMs: number) {
  const last = new Map<string, number>();
  return {
    seen(event: SecurityEventInput, at: number): boolean {
      const key = `${event.kind}|${event.workspaceId ?? ''}|${event.userId ?? ''}|${event.resource}`;
      const before = last.get(key);
      if (before !== undefined && at - before < windowMs) return true;
      if (last.size >= 10_000) {
        for (const [each, time] of last) if (at - time >= windowMs) last.delete(each);
        if (last.size >= 10_000) last.clear();
      }
      last.set(key, at);
      return false;
    },
  };
}

/**
 * The security log (docs/adr/0021), part of the audit log (docs/adr/0107): written in batches,
 * read by whom may read the audit log.
 */
export function createSecurityLog(deps: SecurityLogDeps) {
  const { db, now, onError, maxPending = 10_000 } = deps;
  const repository = createSecurityLogRepository(db);
  const repeats = createRepeatFilter(deps.throttledWindowMs ?? 10_000);
  let pending = 0;
  let dropped = 0;
  const writes = new Set<Promise<void>>();
  const insert = createWriteBatcher(async (rows: NewSecurityEvent[]) => {
    await repository.insertMany(rows);
    return rows.map(() => undefined);
  });

  const record: RecordSecurityEvent = (event) => {
    try {
      if (repeatable.has(event.kind) && repeats.seen(event, (event.at ?? now()).getTime())) return;
      if (pending >= maxPending) {
        if (dropped++ === 0) onError(new Error('registro de segurança cheio: eventos descartados'));
        return;
      }
      dropped = 0;
      pending++;
      const at = event.at ?? now();
      const write = insert({
        kind: event.kind,
        userId: event.userId ?? null,
        workspaceId: event.workspaceId ?? null,
        resource: storable(event.resource, maxResource),
        detail: storable(event.detail ?? '', maxDetail),
        createdAt: at,
        ip: event.ip ?? null,
      })
        .catch(onError)
        .finally(() => {
          pending--;
          writes.delete(write);
        });
      writes.add(write);
      deps.onRecorded?.(event, at);
    } catch (error) {
      onError(error);
    }
  };

  /**
   * A 404 for `kind:id` in the caller's workspace: recorded as a denied cross-workspace attempt
   * when the id names a row of another workspace. Never throws.
   */
  const deniedIfForeign = (
    session: Pick<AuthContext, 'userId' | 'workspaceId'>,
    resource: { kind: OwnedResourceKind; id: string },
    via: string,
  ): Promise<void> => {
    const at = now();
    return repository
      .existsElsewhere(resource.kind, resource.id, session.workspaceId)
      .then((foreign) => {
        if (!foreign) return;
        record({
          kind: 'cross_workspace_denied',
          userId: session.userId,
          workspaceId: session.workspaceId,
          resource: `${resource.kind}:${resource.id}`,
          detail: `Pedido a ${via}: o recurso pertence a outro workspace; respondido como não encontrado.`,
          at,
        });
      })
      .catch(onError);
  };

  return {
    record,
    deniedIfForeign,

    /** The workspace's events, newest first (the route needs 'audit.read'). */
    async list(session: AuthContext, query: SecurityLogQuery) {
      const { rows, total } = await repository.list(session.workspaceId, session.customerId, {
        page: query.page,
        limit: query.limit,
        kind: query.kind,
      });
      const items: SecurityEvent[] = rows.map(({ event, userName, userEmail }) => ({
        _id: String(event.id),
        kind: event.kind,
        user:
          event.userId && userName !== null && userEmail !== null
            ? { _id: event.userId, name: userName, email: userEmail }
            : null,
        resource: event.resource,
        detail: event.detail,
        created_at: event.createdAt.toISOString(),
      }));
      return { items, total };
    },

    /** Resolves once every event recorded so far is in the database (or failed). */
    async flush(): Promise<void> {
      while (writes.size) await Promise.all([...writes]);
    },
  };
}

export type SecurityLog = ReturnType<typeof createSecurityLog>;

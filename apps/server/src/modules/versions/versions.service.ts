import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@ponte/shared/errors';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import {
  versionOfIfMatch,
  type Version,
  type VersionConflictDetails,
  type VersionList,
  type VersionSummary,
} from '@ponte/shared/versions.schema';
import type { Database } from '../../db/client';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import type { Db } from '../../lib/named-resource/named-table';
import { sessionOf } from '../../plugins/auth';
import {
  createVersionsRepository,
  type VersionOwner,
  type VersionRetention,
  type VersionRow,
  type VersionsRepository,
} from './versions.repository';

const m = messages.versions;

/** What a save says of itself besides its values (docs/adr/0103). */
export interface SaveStamp {
  /** Who saves; null for a save no person made (an import by the CLI). */
  userId: string | null;
  /** The version the save was based on; undefined: no check (a client that sends none). */
  based?: number | undefined;
  /** 'Descreva a alteração'. */
  message?: string | undefined;
  /** The version a 'Restaurar' brings back. */
  restoredFrom?: number | undefined;
}

/** A save no person made and that checks no version (the CLI's import, a test's seed). */
export const noStamp: SaveStamp = { userId: null };

/** A resource as its versions see it: the number of its current version and its document. */
export interface VersionedState {
  version: number;
  document: unknown;
  /** When it was last saved (the time of a baseline version). */
  updatedAt: Date;
}

/** The transaction a save writes in (a structure change also runs DDL in it). */
export type SaveTx = Db & Pick<Database, 'execute'>;

export interface VersionsServiceDeps {
  db: Database;
  now: () => Date;
  /** A user's name (the author of a version); null when there is none. */
  nameOf: (userId: string) => Promise<string | null>;
}

/**
 * What a request says of its save: the session's user, the version it was based on (the
 * `If-Match` header, else the body's `version`) and the body's `version_message`.
 */
export function stampOf(
  request: FastifyRequest,
  body?: { version?: number | undefined; version_message?: string | undefined },
): SaveStamp {
  const header = request.headers['if-match'];
  const fromHeader = versionOfIfMatch(Array.isArray(header) ? header[0] : header);
  if (fromHeader === null) throw invalidField('If-Match', m.badIfMatch);
  return {
    userId: sessionOf(request).userId,
    based: fromHeader ?? body?.version,
    message: body?.version_message,
  };
}

/** 'HH:mm' of a change made today (America/Sao_Paulo), else 'HH:mm de DD/MM/YYYY'. */
export function changeTime(at: Date, now: Date): string {
  const [date, time] = formatDateTimeMinutes(at).split(' ');
  return date === formatDateTimeMinutes(now).split(' ')[0] ? time! : `${time} de ${date}`;
}

const summaryOf = (row: Omit<VersionRow, 'document'>): VersionSummary => ({
  number: row.number,
  author: row.authorName === null ? null : { id: row.authorId, name: row.authorName },
  created_at: row.createdAt.toISOString(),
  message: row.message,
  restored_from: row.restoredFrom,
});

/** The state a resource had before versions existed, kept once as its first version. */
async function keepBaseline(
  repository: VersionsRepository,
  owner: VersionOwner,
  state: VersionedState,
  tx?: Db,
) {
  if (await repository.hasAny(owner, tx)) return;
  await repository.insert(
    {
      ...owner,
      number: state.version,
      document: state.document,
      authorId: null,
      authorName: null,
      message: m.baselineMessage,
      createdAt: state.updatedAt,
    },
    tx,
  );
}

/** Versions of every edited resource: recorded with each save, listed, read, pruned. */
export function createVersionsService({ db, now, nameOf }: VersionsServiceDeps) {
  const repository = createVersionsRepository(db);

  /** The 409 of a save based on `based` while the resource is at `state.version`. */
  async function conflict(
    owner: VersionOwner,
    state: Pick<VersionedState, 'version' | 'updatedAt'>,
  ) {
    const row = await repository.find(owner, state.version);
    const changedBy = row?.authorName ?? m.unknownAuthor;
    const changedAt = row?.createdAt ?? state.updatedAt;
    const details: VersionConflictDetails = {
      current_version: state.version,
      changed_by: changedBy,
      changed_at: changedAt.toISOString(),
    };
    return new AppError(
      409,
      errorCodes.versionConflict,
      m.conflict(owner.kind, changedBy, changeTime(changedAt, now())),
      details,
    );
  }

  return {
    conflict,

    /**
     * Refuses (409) a save based on a version that is not the resource's current one. Call it
     * before the write; the write itself must still only succeed on that version (`save`).
     */
    async check(
      owner: VersionOwner,
      state: Pick<VersionedState, 'version' | 'updatedAt'>,
      stamp: SaveStamp,
    ) {
      if (stamp.based !== undefined && stamp.based !== state.version) {
        throw await conflict(owner, state);
      }
    },

    /**
     * One save as a version, in one transaction: `write` updates the row only if it is still
     * at `before.version` and sets `version` to the next number (null when it was not: another
     * save came first, refused with 409), its time `at` being the version's; the new version's
     * document is `documentOf(row)`. The
     * state before is kept first when the resource had no version yet; the retention prunes
     * after. `before` is null for a creation (version 1), whose id `idOf` reads off the row.
     */
    async save<Row extends { version: number }>(
      owner: VersionOwner,
      before: VersionedState | null,
      stamp: SaveStamp,
      write: (tx: SaveTx, at: Date) => Promise<Row | null>,
      documentOf: (row: Row) => unknown,
      idOf?: (row: Row) => string,
    ): Promise<Row> {
      if (before) await this.check(owner, before, stamp);
      const author = stamp.userId ? await nameOf(stamp.userId) : null;
      const at = now();
      const row = await db.transaction(async (tx) => {
        if (before) await keepBaseline(repository, owner, before, tx);
        const written = await write(tx, at);
        if (!written) return null;
        const resource = { ...owner, resourceId: idOf?.(written) ?? owner.resourceId };
        await repository.insert(
          {
            ...resource,
            number: written.version,
            document: documentOf(written),
            authorId: stamp.userId,
            authorName: author ?? (stamp.userId ? m.unknownAuthor : null),
            message: stamp.message?.trim() ?? '',
            restoredFrom: stamp.restoredFrom ?? null,
            createdAt: at,
          },
          tx,
        );
        const retention = await repository.retention(owner.workspaceId, tx);
        await repository.prune(resource, written.version, retention, at, tx);
        return written;
      });
      if (!row) throw await conflict(owner, { version: (before?.version ?? 0) + 1, updatedAt: at });
      return row;
    },

    /** The versions of a resource (its state before versions existed kept first). */
    async list(
      owner: VersionOwner,
      state: VersionedState,
      page: number,
      size: number,
    ): Promise<VersionList> {
      await keepBaseline(repository, owner, state);
      const { items, total } = await repository.page(owner, page, size);
      return { items: items.map(summaryOf), total, current: state.version };
    },

    /** One version with its document; 404 when it is not kept (never saved, or pruned). */
    async get(owner: VersionOwner, state: VersionedState, number: number): Promise<Version> {
      if (number === state.version) await keepBaseline(repository, owner, state);
      const row = await repository.find(owner, number);
      if (!row) throw notFound(m.notFound);
      return { ...summaryOf(row), document: row.document };
    },

    /** Removes a removed resource's versions. */
    removeAll: (owner: VersionOwner, tx?: Db) => repository.removeAll(owner, tx),

    retention: (workspaceId: string) => repository.retention(workspaceId),

    /** Sets the workspace's retention; the versions it no longer keeps go at once. */
    async setRetention(workspaceId: string, retention: VersionRetention): Promise<void> {
      await repository.setRetention(workspaceId, retention);
      await repository.pruneAll(now(), workspaceId);
    },

    /**
     * The daily pass (`version-retention.ts`): every workspace's retention applied to the items
     * nobody saved lately (a save prunes its own item). Answers how many versions went.
     */
    pruneAll: () => repository.pruneAll(now()),
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { HttpPort } from '@ponte/engine/ports';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import {
  productTokenType,
  serviceAccountTypes,
  type ServiceAccount,
  type ServiceAccountBody,
  type ServiceAccountHealth,
  type ServiceAccountList,
  type ServiceAccountStatus,
  type ServiceAccountType,
} from '@ponte/shared/service-accounts.schema';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError, conflict, invalidField } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthContext } from '../../plugins/auth';
import { mergeInput, parseSubObject, type Fields } from './account-data';
import { createAccountCodec, type AccountCodec } from './account-codec';
import { connectionTesters as defaultTesters, type ConnectionTester } from './connection-testers';
import {
  accountNotFound,
  createServiceAccountStore,
  type ServiceAccountStore,
} from './service-account-store';
import {
  createServiceAccountsRepository,
  type ServiceAccountRow,
  type ServiceAccountsRepository,
} from './service-accounts.repository';

const m = messages.serviceAccounts;

export interface ServiceAccountsServiceDeps {
  db: Database;
  now: () => Date;
  box: SecretBox;
  /** The guarded HTTP client the testers use. */
  http: HttpPort;
  /** Connection testers by type (default: `connectionTesters`). */
  testers?: Partial<Record<ServiceAccountType, ConnectionTester>>;
  /**
   * Where the accounts are read and written in clear, shared with the OAuth2 module (default:
   * one over `db`, `box` and `now`).
   */
  store?: ServiceAccountStore;
}

/** `pnt_` + 32 random bytes in base64url: the one answer that carries it. */
const newApiToken = () => `pnt_${randomBytes(32).toString('base64url')}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const isApiToken = (token: string) => token.startsWith('pnt_');

/** How long a connection test may take, whatever the tester does. */
const testDeadlineMs = 20_000;

/** What a body asks for: `{name, auth_type, [auth_type]: {...}}` (its `workspace` is ignored). */
export interface ServiceAccountInput {
  name: string;
  type: ServiceAccountType;
  fields: Fields;
}

export const inputOf = (body: ServiceAccountBody & Record<string, unknown>) => ({
  name: body.name,
  type: body.auth_type,
  fields: parseSubObject(body.auth_type, body[body.auth_type]),
});

interface Context {
  db: Database;
  now: () => Date;
  http: HttpPort;
  testers: Partial<Record<ServiceAccountType, ConnectionTester>>;
  repository: ServiceAccountsRepository;
  codec: AccountCodec;
  store: ServiceAccountStore;
}

const missing = accountNotFound;

/** A second account with the same name (ignoring case) in the workspace is refused. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'service_accounts_workspace_name_unique') {
      throw conflict('name', m.nameTaken);
    }
    throw error;
  }
}

/** What the routes call: list, read, create, edit, remove. */
function crudOf({ db, now, testers, repository, codec }: Context) {
  const answer = (row: ServiceAccountRow, flowsCount: number, token?: string) =>
    codec.toAccount(row, {
      flowsCount,
      testable: testers[codec.typeOf(row)] !== undefined,
      ...(token ? { token } : {}),
    });

  async function withCount(workspaceId: string, row: ServiceAccountRow) {
    const counts = await repository.flowCounts(workspaceId, [row.id]);
    return answer(row, counts.get(row.id) ?? 0);
  }

  return {
    /** Ordered by name; `type` narrows to the types a node accepts (the editor's picker). */
    async list(
      workspaceId: string,
      query: { page: number; limit: number; type?: string | undefined },
    ): Promise<ServiceAccountList> {
      const types = query.type
        ?.split(',')
        .map((type) => type.trim())
        .filter((type) => (serviceAccountTypes as readonly string[]).includes(type));
      if (types?.length === 0) return { items: [], total: 0 };
      const { items, total } = await repository.list(workspaceId, { ...query, types });
      const counts = await repository.flowCounts(
        workspaceId,
        items.map((row) => row.id),
      );
      return { items: items.map((row) => answer(row, counts.get(row.id) ?? 0)), total };
    },

    async get(workspaceId: string, id: string): Promise<ServiceAccount> {
      const row = await repository.find(workspaceId, id);
      if (!row) throw missing(id);
      return withCount(workspaceId, row);
    },

    /** A `ponte_token` answers its token here, once. */
    async create(workspaceId: string, input: ServiceAccountInput): Promise<ServiceAccount> {
      const at = now();
      const token = input.type === productTokenType ? newApiToken() : undefined;
      const row = await uniqueName(() =>
        repository.create({
          id: randomUUID(),
          workspaceId,
          name: input.name,
          authType: input.type,
          ...codec.sealed(mergeInput(input.type, input.fields)),
          tokenHash: token ? hashToken(token) : null,
          createdAt: at,
          updatedAt: at,
        }),
      );
      return answer(row, 0, token);
    },

    async update(
      workspaceId: string,
      id: string,
      input: ServiceAccountInput,
    ): Promise<ServiceAccount> {
      const row = await uniqueName(() =>
        db.transaction(async (tx) => {
          const locked = createServiceAccountsRepository(tx);
          const stored = await locked.findForUpdate(workspaceId, id);
          if (!stored) throw missing(id);
          if (stored.authType !== input.type) throw invalidField('auth_type', m.typeChangeRefused);
          const merged = mergeInput(input.type, input.fields, codec.splitOf(stored));
          return locked.update(workspaceId, id, {
            name: input.name,
            ...codec.sealed(merged),
            updatedAt: now(),
          });
        }),
      );
      return withCount(workspaceId, row!);
    },

    /** Without `confirm`, an account that flows use is kept: 409 naming those flows. */
    async remove(workspaceId: string, id: string, confirm: boolean): Promise<void> {
      if (!(await repository.find(workspaceId, id))) throw missing(id);
      if (!confirm) {
        const using = await repository.flowsUsing(workspaceId, id);
        if (using.length) {
          throw new AppError(
            409,
            errorCodes.serviceAccountInUse,
            m.inUse(using.map((flow) => flow.name).join(', ')),
            { flows: using },
          );
        }
      }
      if (!(await repository.remove(workspaceId, id))) throw missing(id);
    },
  };
}

/** What other modules of the server call: secrets in clear, never sent to a client. */
function operationsOf({ http, testers, repository, codec, store }: Context) {
  return {
    /** The account with its secrets in clear (public fields and secrets in `data`). */
    getDecrypted: store.getDecrypted,

    /**
     * Merges fields into the account (secret fields re-encrypted, null deletes), leaving the
     * others as they are, under a row lock; bumps updated_at.
     */
    patchData: store.patchData,

    /** Stores a test's or a refresh's outcome; `checked_at` is now. */
    setHealth: store.setHealth,

    /** Runs the type's tester and stores what it said as the account's health. */
    async test(workspaceId: string, id: string): Promise<ServiceAccountHealth> {
      const row = await repository.find(workspaceId, id);
      if (!row) throw missing(id);
      const tester = testers[codec.typeOf(row)];
      if (!tester) throw new AppError(400, errorCodes.validation, m.testUnavailable);
      const signal = AbortSignal.timeout(testDeadlineMs);
      let outcome: { status: ServiceAccountStatus; message: string };
      try {
        outcome = { status: 'ok', message: await tester(codec.decrypted(row), { http, signal }) };
      } catch (error) {
        const said = error instanceof Error && error.message ? error.message : null;
        // A tester may say more than 'failed' (an OAuth2 grant refused: reauthorization_required).
        const status = (error as { healthStatus?: ServiceAccountStatus } | null)?.healthStatus;
        outcome = {
          status: status ?? 'failed',
          message: signal.aborted ? m.testTimeout : (said ?? messages.generic.internal),
        };
      }
      return store.setHealth(workspaceId, id, outcome);
    },

    /** A `pnt_` token of an account that still exists: read-only in its workspace. */
    async resolveToken(token: string): Promise<AuthContext | null> {
      if (!isApiToken(token)) return null;
      const found = await repository.findByTokenHash(hashToken(token));
      if (!found) return null;
      return {
        userId: '',
        workspaceId: found.workspaceId,
        customerId: found.customerId,
        isOwner: false,
        role: 'viewer',
        sessionId: `service-account:${found.id}`,
        expiresAt: new Date(8.64e15),
        readOnly: true,
      };
    },
  };
}

/** Service accounts (docs/adr/0025): secrets sealed at rest, answered without them. */
export function createServiceAccountsService(deps: ServiceAccountsServiceDeps) {
  const testers = deps.testers ?? defaultTesters;
  const context: Context = {
    db: deps.db,
    now: deps.now,
    http: deps.http,
    testers,
    repository: createServiceAccountsRepository(deps.db),
    codec: createAccountCodec(deps.box),
    store: deps.store ?? createServiceAccountStore(deps),
  };
  return { ...crudOf(context), ...operationsOf(context) };
}

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>;

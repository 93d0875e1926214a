import type { Role } from '@ponte/shared/roles';
import { createUsersRepository } from '../modules/users/users.repository';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../app';
import type { DatabaseHandle } from '../db/client';
import { createLocalStorageDriver } from '../modules/storage/local-driver';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/password-hasher';
import { createSessionTokens, type SessionTokens } from '../modules/auth/sessions';
import { createTokenIssuer } from '../modules/auth/token-issuer';
import { createTestDatabase, type DriverName } from './test-database';

export const testSecret = 'segredo-de-teste-com-mais-de-32-caracteres';
export const testPassword = 'senha-de-teste-1';
/** PONTE_ENCRYPTION_KEY of the test apps (a test may pass another in `config`). */
export const testEncryptionKey = Buffer.alloc(32, 7);

/** Real time plus an offset the test can move forward. */
export function createTestClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

export interface TestAccount {
  userId: string;
  workspaceId: string;
  customerId: string;
  email: string;
  password: string;
  token: string;
}

export interface TestContext {
  readonly app: App;
  readonly database: DatabaseHandle;
  readonly clock: ReturnType<typeof createTestClock>;
  /** Opens sessions as a sign-in would (a row in `sessions` and its token). */
  readonly tokens: SessionTokens;
  /** An owner with their own customer and workspace, signed in. */
  createAccount(options?: { workspaceName?: string }): Promise<TestAccount>;
  /** Another person of the account's customer, member of its workspace with `role`, signed in. */
  addMember(account: TestAccount, role: Role, name?: string): Promise<TestAccount>;
  request(token: string | null): Requester;
}

export interface Requester {
  get(url: string): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export function requester(app: App, token: string | null): Requester {
  const send = (method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    get: (url) => send('GET', url),
    delete: (url) => send('DELETE', url),
    post: (url, body) => send('POST', url, body ?? {}),
    put: (url, body) => send('PUT', url, body ?? {}),
  };
}

let passwordHash: Promise<string> | null = null;

export type TestAppOptions = Partial<Omit<BuildAppOptions, 'database' | 'now' | 'config'>> & {
  config?: Partial<BuildAppOptions['config']>;
  /** Opens the app's database instead of a fresh one of the driver (dropped by the caller). */
  openDatabase?: () => Promise<DatabaseHandle>;
};

/** Registers hooks that build the app on a fresh database of `driver` and close both after. */
export function useTestApp(driver: DriverName, testOptions: TestAppOptions = {}): TestContext {
  const { openDatabase, ...options } = testOptions;
  let app: App | null = null;
  let database: DatabaseHandle | null = null;
  const clock = createTestClock();
  let tokens: SessionTokens | null = null;
  let storageDir: string | null = null;

  beforeAll(async () => {
    database = await (openDatabase ? openDatabase() : createTestDatabase(driver));
    tokens = createSessionTokens({
      db: database.db,
      issuer: createTokenIssuer(testSecret, clock.now),
      now: clock.now,
    });
    // Each app keeps its files in a temp folder of its own, removed after.
    if (!options.storage?.driver) {
      storageDir = await mkdtemp(join(tmpdir(), 'ponte-test-storage-'));
    }
    app = await buildApp({
      ...options,
      ...(storageDir
        ? { storage: { ...options.storage, driver: createLocalStorageDriver(storageDir) } }
        : {}),
      database,
      now: clock.now,
      config: {
        jwtSecret: testSecret,
        encryptionKey: testEncryptionKey,
        admin: null,
        docsUrl: null,
        supportUrl: null,
        webDist: join(tmpdir(), `ponte-web-missing-${randomUUID()}`),
        ...options.config,
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  const context: TestContext = {
    get app() {
      if (!app) throw new Error('app not built yet');
      return app;
    },
    get database() {
      if (!database) throw new Error('database not open yet');
      return database;
    },
    clock,
    get tokens() {
      if (!tokens) throw new Error('database not open yet');
      return tokens;
    },
    async createAccount({ workspaceName = 'Workspace de teste' } = {}) {
      passwordHash ??= hashPassword(testPassword);
      const email = `pessoa-${randomBytes(5).toString('hex')}@exemplo.com.br`;
      const hash = await passwordHash;
      const created = await context.database.db.transaction((tx) =>
        createAuthRepository(tx).createOwnerAccount(
          {
            customerName: workspaceName,
            workspaceName,
            userName: 'Pessoa de Teste',
            email,
            passwordHash: hash,
          },
          clock.now(),
        ),
      );
      return {
        ...created,
        email,
        password: testPassword,
        token: await context.tokens.issue(created.userId, created.workspaceId),
      };
    },
    async addMember(account, role, name = `Pessoa ${role}`) {
      passwordHash ??= hashPassword(testPassword);
      const email = `membro-${randomBytes(5).toString('hex')}@exemplo.com.br`;
      const created = await createUsersRepository(context.database.db).createMember({
        customerId: account.customerId,
        workspaceId: account.workspaceId,
        name,
        email,
        passwordHash: await passwordHash,
        role,
        now: clock.now(),
      });
      return {
        userId: created._id,
        workspaceId: account.workspaceId,
        customerId: account.customerId,
        email,
        password: testPassword,
        token: await context.tokens.issue(created._id, account.workspaceId),
      };
    },
    request: (token) => requester(context.app, token),
  };
  return context;
}

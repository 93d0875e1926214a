import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { instanceSecrets } from '../../db/schema';
import { requester } from '../../test/test-app';
import {
  createSharedTestDatabase,
  describeEachDriver,
  type SharedTestDatabase,
} from '../../test/test-database';
import { createAuthRepository } from './auth.repository';
import { resolveJwtSecret } from './instance-jwt-secret';
import { createSessionTokens } from './sessions';
import { createTokenIssuer } from './token-issuer';

/** Every process shares the encryption key by environment; each has its own data dir. */
const encryptionKey = 'ab'.repeat(32);

const owner = {
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  password: 'uma-senha-forte',
  workspace_name: 'Operações',
};

describeEachDriver('the JWT secret shared by the processes of one database', (driver) => {
  const opened: { app?: App; database: DatabaseHandle }[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const { app, database } of opened.splice(0)) {
      await app?.close();
      await database.close();
    }
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function sharedDatabase(): Promise<SharedTestDatabase> {
    const shared = await createSharedTestDatabase(driver);
    cleanups.push(() => shared.dispose());
    return shared;
  }

  /** A data dir of its own, with the `secrets.json` an older version left there, if any. */
  function dataDir(oldSecrets?: object): string {
    const dir = mkdtempSync(join(tmpdir(), 'ponte-jwt-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    if (oldSecrets) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'secrets.json'), JSON.stringify(oldSecrets));
    }
    return dir;
  }

  /** A process as main.ts starts it: config from the environment, no PONTE_JWT_SECRET. */
  async function start(shared: SharedTestDatabase, dir: string): Promise<App> {
    const config = loadConfig({ PONTE_DATA_DIR: dir, PONTE_ENCRYPTION_KEY: encryptionKey });
    const slot: { app?: App; database: DatabaseHandle } = { database: await shared.open() };
    opened.push(slot);
    slot.app = await buildApp({ config, database: slot.database });
    await slot.app.ready();
    return slot.app;
  }

  const me = async (app: App, token: string) =>
    (await requester(app, token).get('/api/v1/users/me')).statusCode;

  it('accepts on one process the token another issued, each with its own data dir', async () => {
    const shared = await sharedDatabase();
    const first = await start(shared, dataDir());
    const second = await start(shared, dataDir());
    const setup = await requester(first, null).post('/account/v1/setup', owner);
    expect(setup.statusCode, setup.body).toBe(201);
    const token = setup.json<{ token: string }>().token;
    expect(await me(second, token)).toBe(200);

    const signIn = await requester(second, null).post('/account/v1/authenticate', {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(await me(first, signIn.json<{ token: string }>().token)).toBe(200);
  });

  it("keeps the sessions of an upgrade: an older secrets.json's jwt_secret seeds the database's", async () => {
    const shared = await sharedDatabase();
    const oldSecret = 'segredo-antigo-do-secrets-json-'.repeat(2);
    // A session the previous version issued with the secret of its data dir.
    const setupDb = await shared.open();
    opened.push({ database: setupDb });
    const created = await setupDb.db.transaction((tx) =>
      createAuthRepository(tx).createOwnerAccount(
        {
          customerName: 'Cliente',
          workspaceName: 'Principal',
          userName: 'Pessoa',
          email: 'pessoa@exemplo.com.br',
          passwordHash: 'x',
        },
        new Date(),
      ),
    );
    const oldToken = await createSessionTokens({
      db: setupDb.db,
      issuer: createTokenIssuer(oldSecret, () => new Date()),
      now: () => new Date(),
    }).issue(created.userId, created.workspaceId);

    const upgraded = await start(shared, dataDir({ jwt_secret: oldSecret }));
    expect(await me(upgraded, oldToken)).toBe(200);
    // A second process, with another old secret in its data dir: the database's wins.
    const other = await start(shared, dataDir({ jwt_secret: 'outro-segredo-antigo-'.repeat(3) }));
    expect(await me(other, oldToken)).toBe(200);
    expect(await setupDb.db.select().from(instanceSecrets)).toEqual([
      expect.objectContaining({ id: 'jwt', value: oldSecret }),
    ]);
  });

  it('agrees on one secret when two processes start together on a new database', async () => {
    const shared = await sharedDatabase();
    const [first, second] = await Promise.all([start(shared, dataDir()), start(shared, dataDir())]);
    const setup = await requester(second, null).post('/account/v1/setup', owner);
    expect(setup.statusCode, setup.body).toBe(201);
    expect(await me(first, setup.json<{ token: string }>().token)).toBe(200);
  });

  it('gives one secret to every process resolving it at the same moment', async () => {
    const shared = await sharedDatabase();
    const handles: DatabaseHandle[] = [];
    for (let i = 0; i < 6; i += 1) {
      const database = await shared.open();
      opened.push({ database });
      handles.push(database);
    }
    const secrets = await Promise.all(
      handles.map(({ db }) => resolveJwtSecret(db, { jwtSecret: null })),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
  });
});

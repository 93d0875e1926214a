import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterEach, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { buildApp, type App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { serviceAccounts } from '../../db/schema';
import { createSessionTokens } from '../auth/sessions';
import { createTokenIssuer } from '../auth/token-issuer';
import { createAuthRepository } from '../auth/auth.repository';
import { requester, testSecret } from '../../test/test-app';
import { createSharedTestDatabase, describeEachDriver } from '../../test/test-database';
import { EncryptionKeyMismatchError } from './encryption-check';

const config = (encryptionKey: Buffer) => ({
  jwtSecret: testSecret,
  encryptionKey,
  admin: null,
  docsUrl: null,
  supportUrl: null,
  webDist: join(tmpdir(), 'ponte-sem-web'),
});

describeEachDriver('service accounts: the encryption key at start', (driver) => {
  const open: { app?: App; database?: DatabaseHandle }[] = [];
  afterEach(async () => {
    for (const { app, database } of open.splice(0)) {
      await app?.close();
      await database?.close();
    }
  });

  /** Opens the shared database and builds the app on it with `key`; closed after the test. */
  async function start(shared: { open(): Promise<DatabaseHandle> }, key: Buffer) {
    const database = await shared.open();
    const slot: { app?: App; database?: DatabaseHandle } = { database };
    open.push(slot);
    slot.app = await buildApp({ config: config(key), database });
    await slot.app.ready();
    return { app: slot.app, database };
  }

  async function stop() {
    const slot = open.pop();
    await slot?.app?.close();
    await slot?.database?.close();
  }

  it('refuses a start with another key once accounts are stored, and opens them with the right one', async () => {
    const shared = await createSharedTestDatabase(driver);
    try {
      const key = randomBytes(32);
      const { app, database } = await start(shared, key);
      const created = await database.db.transaction((tx) =>
        createAuthRepository(tx).createOwnerAccount(
          {
            customerName: 'Cliente',
            workspaceName: 'Principal',
            userName: 'Pessoa',
            email: `p-${randomBytes(4).toString('hex')}@exemplo.com.br`,
            passwordHash: 'x',
          },
          new Date(),
        ),
      );
      const token = await createSessionTokens({
        db: database.db,
        issuer: createTokenIssuer(testSecret, () => new Date()),
        now: () => new Date(),
      }).issue(created.userId, created.workspaceId);
      const res = await requester(app, token).post('/api/v1/service-accounts', {
        name: 'SMTP',
        auth_type: 'smtp_account',
        smtp_account: { host: 'smtp.exemplo.com.br', port: 587, password: 'senha-guardada' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await stop();

      const other = await shared.open();
      open.push({ database: other });
      const refused = buildApp({ config: config(randomBytes(32)), database: other });
      await expect(refused).rejects.toThrow(EncryptionKeyMismatchError);
      await expect(refused).rejects.toThrow(messages.serviceAccounts.keyMismatch);
      expect((await other.db.select().from(serviceAccounts)).length).toBe(1);
      await stop();

      const again = await start(shared, key);
      const list = await requester(again.app, token).get('/api/v1/service-accounts');
      expect(list.json().items[0]).toMatchObject({ name: 'SMTP', secrets_set: ['password'] });
    } finally {
      await stop();
      await shared.dispose();
    }
  });

  it('refuses another key even before the first account', async () => {
    const shared = await createSharedTestDatabase(driver);
    try {
      const key = Buffer.alloc(32, 1);
      await start(shared, key);
      await stop();
      const other = await shared.open();
      open.push({ database: other });
      await expect(
        buildApp({ config: config(Buffer.alloc(32, 2)), database: other }),
      ).rejects.toThrow(EncryptionKeyMismatchError);
      await stop();
      await start(shared, key);
    } finally {
      await stop();
      await shared.dispose();
    }
  });

  it('lets only one of two processes started together with different keys run', async () => {
    const shared = await createSharedTestDatabase(driver);
    try {
      const databases = [await shared.open(), await shared.open()];
      for (const database of databases) open.push({ database });
      const [a, b] = await Promise.allSettled(
        databases.map((database, i) =>
          buildApp({ config: config(Buffer.alloc(32, 10 + i)), database }),
        ),
      );
      const outcomes = [a!, b!];
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') open[i]!.app = outcome.value;
        else expect(String(outcome.reason)).toContain(messages.serviceAccounts.keyMismatch);
      }
    } finally {
      for (const slot of open.splice(0)) {
        await slot.app?.close();
        await slot.database?.close();
      }
      await shared.dispose();
    }
  });
});

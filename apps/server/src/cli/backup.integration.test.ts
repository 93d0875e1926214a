import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { normaliseStoragePath } from '@ponte/shared/storage.schema';
import { sql } from 'drizzle-orm';
import { create, extract } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecrets } from '../config/secrets';
import { openEmbedded } from '../db/client';
import { createSecretBox } from '../lib/secret-box';
import { createLocalStorageDriver } from '../modules/storage/local-driver';
import { field } from '../test/db-table-fixtures';
import { chain } from '../test/flow-fixtures';
import { testEncryptionKey, useTestApp } from '../test/test-app';
import { writeBackup } from './backup';
import { CliError } from './cli-error';
import { restoreBackup } from './restore';

const root = mkdtempSync(join(tmpdir(), 'ponte-backup-'));
// As root, the database runs as another user, which must be able to enter the folder.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dataDir = join(root, 'origem');
mkdirSync(dataDir, { mode: 0o755 });
writeFileSync(
  join(dataDir, 'secrets.json'),
  JSON.stringify({ encryption_key: testEncryptionKey.toString('base64') }),
  { mode: 0o600 },
);
const fileBytes = Buffer.from([0, 1, 2, 255, ...Buffer.from('contrato assinado')]);
const place = (dir: string) => ({ dataDir: dir, databaseUrl: null, embeddedDbUser: null });
type Rows<T> = { rows: T[] };

describe('ponte backup / restore', () => {
  // The app holds the data dir's embedded database as the running server does.
  const t = useTestApp('embedded', {
    openDatabase: () => openEmbedded(dataDir),
    storage: { driver: createLocalStorageDriver(join(dataDir, 'storage')) },
  });

  async function seed() {
    const owner = await t.createAccount({ workspaceName: 'Loja' });
    const api = t.request(owner.token);
    const flow = await api.post('/api/v1/flows', {
      name: 'Pedidos',
      data: chain({ type: 'core_manual_trigger' }),
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const table = await api.post('/api/v1/db/tables', {
      name: 'Clientes',
      fields: [field('nome', { is_unique: true })],
    });
    expect(table.statusCode, table.body).toBe(201);
    for (const nome of ['Ana', 'Bruno']) {
      const record = await api.post('/api/v1/db/entities', {
        table: table.json()._id,
        data: { nome },
      });
      expect(record.statusCode, record.body).toBe(201);
    }
    const account = await api.post('/api/v1/service-accounts', {
      name: 'SMTP',
      auth_type: 'smtp_account',
      smtp_account: { host: 'smtp.exemplo.com.br', port: 587, password: 'senha-guardada' },
    });
    expect(account.statusCode, account.body).toBe(201);
    await createLocalStorageDriver(join(dataDir, 'storage')).write(
      owner.workspaceId,
      normaliseStoragePath('contratos/ana.bin'),
      Readable.from([fileBytes]),
      { maxBytes: 1_000_000, overwrite: false },
    );
    return owner;
  }

  it('backs up while the data dir is held and restores flow, records, files and a decryptable account', async () => {
    const owner = await seed();
    const archive = join(root, 'copia.tar.gz');
    const manifest = await writeBackup({ ...place(dataDir), storageDriver: 'local', out: archive });
    expect(manifest).toMatchObject({ files: 1, secrets: true, storageDriver: 'local' });
    expect(manifest.tables.find((table) => table.name === 'db_records')?.rows).toBe(2);

    await expect(restoreBackup(place(dataDir), archive)).rejects.toThrow(
      new CliError(
        'A pasta de dados (PONTE_DATA_DIR) não está vazia. A restauração só é feita numa pasta vazia; nada foi alterado.',
      ),
    );

    const restored = join(root, 'restaurado');
    await restoreBackup(place(restored), archive);
    expect(readdirSync(restored).sort()).toEqual(['postgres', 'secrets.json', 'storage']);
    const copy = await openEmbedded(restored);
    try {
      const query = async <T>(text: ReturnType<typeof sql>) =>
        ((await copy.db.execute(text)) as unknown as Rows<T>).rows;
      expect(await query(sql`select name from flows`)).toEqual([{ name: 'Pedidos' }]);
      expect(await query(sql`select data->>'nome' as nome from db_records order by 1`)).toEqual([
        { nome: 'Ana' },
        { nome: 'Bruno' },
      ]);
      // The unique field's index, made at run time, is back: a duplicate is refused.
      await expect(
        copy.db
          .execute(sql`insert into db_records (id, workspace_id, table_id, data, created_at, updated_at)
          select 'dup', workspace_id, table_id, data, now(), now() from db_records limit 1`),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      const [account] = await query<{ secret_data: string }>(
        sql`select secret_data from service_accounts`,
      );
      const { encryptionKey } = loadSecrets(restored, { jwtSecret: null, encryptionKey: null });
      expect(createSecretBox(encryptionKey).decrypt(account!.secret_data)).toContain(
        'senha-guardada',
      );
    } finally {
      await copy.close();
    }
    expect(
      await readFile(join(restored, 'storage', owner.workspaceId, 'contratos', 'ana.bin')),
    ).toEqual(fileBytes);
  }, 180_000);

  it('refuses a backup of a newer migration and leaves the data dir empty', async () => {
    const unpacked = join(root, 'aberto');
    mkdirSync(unpacked);
    await extract({ file: join(root, 'copia.tar.gz'), cwd: unpacked });
    const manifestFile = join(unpacked, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    manifest.migrations = { count: manifest.migrations.count + 1, lastAt: Date.now() * 2 };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const newer = join(root, 'nova.tar.gz');
    await create({ gzip: true, file: newer, cwd: unpacked }, readdirSync(unpacked));
    const target = join(root, 'vazia');
    await expect(restoreBackup(place(target), newer)).rejects.toThrow(
      /feito por uma versão mais nova do Ponte/,
    );
    expect(readdirSync(target)).toEqual([]);
  });
});

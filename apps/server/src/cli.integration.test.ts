import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ponteHelp, runCli } from './cli';
import { configVariables } from './config';
import { lockDataDir } from './db/data-dir-lock';
import { n8nSample } from './modules/flow-import/flow-import-samples';

const dataDir = mkdtempSync(join(tmpdir(), 'ponte-cli-'));
// As root, the embedded database runs as another user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
const saved = { ...process.env };

beforeAll(() => {
  for (const { name } of configVariables) delete process.env[name];
  process.env.PONTE_DATA_DIR = dataDir;
});
afterAll(() => {
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    args,
    (text) => out.push(text),
    (text) => err.push(text),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('ponte command', () => {
  it('prints its help in Portuguese and refuses unknown commands', async () => {
    expect(await cli('--help')).toEqual({ code: 0, out: ponteHelp, err: '' });
    const unknown = await cli('apagar-tudo');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Comando desconhecido: apagar-tudo');
    const missing = await cli('export');
    expect(missing).toMatchObject({ code: 1, err: 'Informe --workspace.' });
    // A restore goes into the data dir of the environment: an output it would ignore is refused.
    const from = await cli('import', '--from', 'zapier', '--workspace', 'Principal', 'a.json');
    expect(from).toMatchObject({
      code: 1,
      err: '--from: use n8n ou node-red (recebido "zapier").',
    });
    const noFile = await cli('import', '--from', 'n8n', '--workspace', 'Principal');
    expect(noFile).toMatchObject({ code: 1, err: 'Informe o arquivo a importar.' });
    const restoreOut = await cli('restore', 'backup.tar.gz', '--out', 'outro.tar.gz');
    expect(restoreOut.code).toBe(1);
    expect(restoreOut.err).toContain("Unknown option '--out'");
  });

  it(
    'creates the first user and exports on the embedded database, and waits for a running server',
    { timeout: 120_000 },
    async () => {
      const created = await cli(
        'user',
        'create',
        '--email',
        'ops@exemplo.com',
        '--name',
        'Ops',
        '--password',
        'senha-forte-1',
        '--workspace',
        'Principal',
      );
      expect(created).toMatchObject({
        code: 0,
        out: 'Primeira conta criada: ops@exemplo.com, dona do workspace "Principal".',
      });
      const file = join(dataDir, 'exportacao.json');
      const exported = await cli('export', '--workspace', 'Principal', '--out', file);
      expect(exported.code, exported.err).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        version: 1,
        groups: [],
        variables: [],
        holidays: [],
        flows: [],
      });

      const n8nFile = join(dataDir, 'n8n.json');
      writeFileSync(n8nFile, JSON.stringify(n8nSample()));
      const report = await cli('import', '--from', 'n8n', '--workspace', 'Principal', n8nFile);
      expect(report.code, report.err).toBe(0);
      expect(report.out).toMatch(/^Flow "Pedidos do dia" \(id .+\)$/m);
      expect(report.out).toContain('[Não traduzido] CRM da Acme');
      expect(report.out).toContain('1 flow importado, desativados');
      const wrong = await cli('import', '--from', 'node-red', '--workspace', 'Principal', n8nFile);
      expect(wrong.code).toBe(1);
      expect(wrong.err).toMatch(/Node-RED/);

      const release = await lockDataDir(join(dataDir, 'postgres'));
      try {
        const refused = await cli(
          'user',
          'reset-password',
          '--email',
          'ops@exemplo.com',
          '--password',
          'outra-senha-1',
        );
        expect(refused).toMatchObject({
          code: 1,
          err: 'O servidor do Ponte está rodando com este PONTE_DATA_DIR. Pare o servidor e rode o comando de novo.',
        });
      } finally {
        await release();
      }
    },
  );
});

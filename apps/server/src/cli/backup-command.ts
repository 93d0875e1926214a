import { parseEnv } from '../config';
import { writeBackup } from './backup';
import { CliError } from './cli-error';
import { restoreBackup } from './restore';

const secretsWarning =
  'Atenção: o backup contém secrets.json, a chave que abre as contas de serviço criptografadas. Guarde o arquivo em local seguro.';

/** `yyyy-mm-ddThh-mm-ss` in UTC, for the default archive name. */
const stamp = (date: Date) => date.toISOString().slice(0, 19).replaceAll(':', '-');

/**
 * `ponte backup [--out arquivo.tar.gz]` and `ponte restore <arquivo.tar.gz>` (docs/adr/0130).
 * The environment is read without `loadConfig`, which would write a new `secrets.json` into the
 * data dir a restore needs empty.
 */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: { out?: string | undefined; file?: string | undefined },
  print: (text: string) => void,
): Promise<void> {
  const env = parseEnv(process.env);
  const place = {
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    embeddedDbUser: env.embeddedDbUser ?? null,
  };
  if (command === 'backup') {
    const out = args.out ?? `ponte-backup-${stamp(new Date())}.tar.gz`;
    const manifest = await writeBackup({ ...place, storageDriver: env.storage.driver, out });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    print(
      `Backup gravado em ${out}: ${manifest.tables.length} tabela(s) com ${rows} linha(s) e ${manifest.files} arquivo(s) do Storage.`,
    );
    if (manifest.storageDriver === 's3') {
      print(
        'Os arquivos do Storage ficam no S3 e não entram no backup: faça a cópia do bucket à parte.',
      );
    }
    if (manifest.secrets) print(secretsWarning);
    return;
  }
  if (!args.file) throw new CliError('Informe o arquivo do backup a restaurar.');
  const manifest = await restoreBackup(place, args.file);
  print(
    `Backup de ${manifest.createdAt} restaurado: ${manifest.tables.length} tabela(s) e ${manifest.files} arquivo(s) do Storage conferidos. Inicie o Ponte com esta pasta de dados.`,
  );
  if (manifest.storageDriver === 's3') {
    print('O backup não tem os arquivos do Storage, que ficam no S3.');
  }
}

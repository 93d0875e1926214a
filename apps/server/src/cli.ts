import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { runBackupCommand } from './cli/backup-command';
import { CliError } from './cli/cli-error';
import { flowImportReport } from './cli/flow-import-report';
import { flowImportSources, type FlowImportSource } from '@ponte/shared/flow-import.schema';
import { readPassword } from './cli/read-password';
import { createPonteCommands } from './cli/ponte-commands';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnreachableError, openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { EmbeddedDatabaseError } from './db/embedded-postgres-host';
import { resolveJwtSecret } from './modules/auth/instance-jwt-secret';

export const ponteHelp = `Uso: ponte <comando> [opções]

Comandos:
  start                               inicia o servidor (constrói antes, se preciso)
  export --workspace <nome|id> [--out arquivo.json]
                                      exporta flows, variáveis, feriados e grupos do workspace em JSON
  import --workspace <nome|id> <arquivo.json>
                                      adiciona ao workspace o conteúdo de uma exportação
  import --from n8n|node-red --workspace <nome|id> <arquivo.json> [--dry-run]
                                      cria flows (desativados) a partir de uma exportação do
                                      n8n ou do Node-RED e mostra o relatório de cada nó;
                                      com --dry-run, só mostra o relatório
  user create --email <e-mail> --name <nome> --workspace <nome|id> [--password <senha>]
                                      cria um usuário (numa instalação vazia, a primeira conta)
  user reset-password --email <e-mail> [--password <senha>]
                                      troca a senha de um usuário
  backup [--out arquivo.tar.gz]       grava banco, arquivos do Storage e secrets.json num arquivo
                                      (funciona com o servidor rodando)
  restore <arquivo.tar.gz>            restaura um backup numa pasta de dados vazia

Sem --password, a senha é pedida no terminal. Os comandos usam o mesmo banco do servidor
(PONTE_DATA_DIR ou DATABASE_URL); com o banco embutido, pare o servidor antes (menos backup).
O backup contém secrets.json, a chave das contas de serviço criptografadas: guarde-o em local seguro.`;

type Print = (text: string) => void;

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n\n${ponteHelp}`);
  }
}

function required(value: unknown, flag: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new CliError(`Informe ${flag}.`);
  return value;
}

async function withCommands<T>(
  work: (commands: ReturnType<typeof createPonteCommands>) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config, {
      // A command run first on an old data dir moves it too; it says so where the user looks.
      onLegacyMoved: ({ rows, backup }) =>
        console.error(
          `Os dados do banco embutido anterior (${rows} linhas) foram copiados para o novo banco embutido; a pasta antiga ficou em ${backup}.`,
        ),
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new CliError(
        'O servidor do Ponte está rodando com este PONTE_DATA_DIR. Pare o servidor e rode o comando de novo.',
      );
    }
    if (error instanceof DatabaseUnreachableError) {
      throw new CliError(`Não foi possível conectar ao banco de dados: ${error.message}`);
    }
    if (error instanceof EmbeddedDatabaseError) throw new CliError(error.message);
    throw error;
  }
  try {
    const jwtSecret = await resolveJwtSecret(database.db, {
      jwtSecret: config.jwtSecret,
      seed: config.jwtSecretSeed,
    });
    return await work(createPonteCommands(database.db, jwtSecret));
  } finally {
    await database.close();
  }
}

/** `ponte import --from n8n|node-red`: another tool's export, with the report of every node. */
async function importFrom(rest: string[], print: Print): Promise<void> {
  const { values, positionals } = parse(rest, {
    workspace: { type: 'string' },
    from: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  const from = required(values.from, '--from');
  if (!(flowImportSources as readonly string[]).includes(from)) {
    throw new CliError(`--from: use n8n ou node-red (recebido "${from}").`);
  }
  const workspace = required(values.workspace, '--workspace');
  const path = required(positionals[0], 'o arquivo a importar');
  const content = await readJson(path);
  const dryRun = values['dry-run'] === true;
  const result = await withCommands((commands) =>
    commands.importFlowsFrom(workspace, from as FlowImportSource, content, dryRun),
  );
  print(flowImportReport(result.flows, result.totals, dryRun));
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new CliError(`Não foi possível ler o JSON de ${path}.`);
  }
}

async function run(args: string[], print: Print): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'export') {
    const { values } = parse(rest, { workspace: { type: 'string' }, out: { type: 'string' } });
    const workspace = required(values.workspace, '--workspace');
    const file = await withCommands((commands) => commands.exportWorkspace(workspace));
    const json = `${JSON.stringify(file, null, 2)}\n`;
    if (typeof values.out === 'string') {
      await writeFile(values.out, json);
      print(
        `Exportados ${file.flows.length} flow(s), ${file.variables.length} variável(is) e ${file.groups.length} grupo(s).`,
      );
    } else process.stdout.write(json);
    return;
  }
  if (command === 'import' && rest.some((arg) => arg === '--from' || arg.startsWith('--from='))) {
    await importFrom(rest, print);
    return;
  }
  if (command === 'import') {
    const { values, positionals } = parse(rest, { workspace: { type: 'string' } });
    const workspace = required(values.workspace, '--workspace');
    const path = required(positionals[0], 'o arquivo a importar');
    const content = await readJson(path);
    const summary = await withCommands((commands) => commands.importWorkspace(workspace, content));
    print(
      `Importados ${summary.flows} flow(s), ${summary.variables} variável(is), ${summary.holidays} feriado(s) e ${summary.groups} grupo(s) novo(s).`,
    );
    if (summary.disabled.length) {
      print(
        `Importados desativados, porque o gatilho registra o endereço do Ponte no serviço: ${summary.disabled.map((name) => `"${name}"`).join(', ')}. Ative-os pela interface do Ponte.`,
      );
    }
    return;
  }
  if (command === 'user' && rest[0] === 'create') {
    const { values } = parse(rest.slice(1), {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      workspace: { type: 'string' },
    });
    const input = {
      email: required(values.email, '--email'),
      name: required(values.name, '--name'),
      workspace: required(values.workspace, '--workspace'),
    };
    const password = values.password ?? (await readPassword('Senha do novo usuário: '));
    const created = await withCommands((commands) => commands.createUser({ ...input, password }));
    print(
      created === 'first-account'
        ? `Primeira conta criada: ${input.email}, dona do workspace "${input.workspace}".`
        : `Usuário ${input.email} criado no workspace "${input.workspace}".`,
    );
    return;
  }
  if (command === 'user' && rest[0] === 'reset-password') {
    const { values } = parse(rest.slice(1), {
      email: { type: 'string' },
      password: { type: 'string' },
    });
    const email = required(values.email, '--email');
    const password = values.password ?? (await readPassword('Nova senha: '));
    await withCommands((commands) => commands.resetPassword(email, password));
    print(`Senha de ${email} trocada.`);
    return;
  }
  if (command === 'backup' || command === 'restore') {
    // Only the backup names an output; a restore goes into the data dir of the environment.
    const { values, positionals } =
      command === 'backup' ? parse(rest, { out: { type: 'string' } }) : parse(rest, {});
    const out = 'out' in values && typeof values.out === 'string' ? values.out : undefined;
    await runBackupCommand(command, { out, file: positionals[0] }, print);
    return;
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    print(ponteHelp);
    return;
  }
  throw new CliError(`Comando desconhecido: ${[command, ...rest].join(' ')}\n\n${ponteHelp}`);
}

/** The `ponte` subcommands besides `start`; resolves with the exit code. */
export async function runCli(
  args: string[],
  print: Print = (text) => process.stdout.write(`${text}\n`),
  printError: Print = (text) => console.error(text),
): Promise<number> {
  try {
    await run(args, print);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      printError(error.message);
      return 1;
    }
    throw error;
  }
}

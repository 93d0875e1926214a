// Records what n8n itself gives for the n8n workflows the importer's fidelity test runs
// (packages/engine/src/import/fixtures/n8n/fidelity-cases.json): n8n is installed from npm into a
// cache folder outside git the first time, each workflow runs once with `n8n execute` in a fresh
// user folder, fed with the case's input right after its Manual Trigger, and
// `<name>.n8n-output.json` is written next to the workflow. The test reads the recordings and never installs n8n.
//
//   node bench/import-fidelity/record-n8n.mjs [file.json …]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const fixtures = join(root, 'packages/engine/src/import/fixtures/n8n');
// The last 1.x whose `engines` accepts Node 20.19+.
export const n8nVersion = '1.123.81';

/**
 * n8n 1.123 asks for `xlsx` as a tarball on cdn.sheetjs.com and for `isolated-vm` 6, which needs
 * Node 22: both are pinned to what the npm registry has and Node 20 builds (xlsx 0.18.5, used
 * only by the spreadsheet nodes; isolated-vm 5.0.4, used only by n8n's own code sandbox).
 */
const overrides = { xlsx: '0.18.5', 'isolated-vm': '5.0.4' };

function installN8n() {
  const dir = join(root, 'node_modules/.cache/import-fidelity', `n8n-${n8nVersion}`);
  const bin = join(dir, 'node_modules/n8n/bin/n8n');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, overrides }));
    console.error(`Instalando n8n@${n8nVersion} em ${dir}…`);
    execFileSync('npm', ['install', `n8n@${n8nVersion}`, '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
    });
  }
  return bin;
}

/**
 * The workflow fed with the case's input. `n8n execute` runs in "cli" mode, where n8n ignores
 * pinned data (its workflow runner pins only manual and evaluation runs), so a Code node that
 * returns the input items is put right after the Manual Trigger: the nodes after it receive
 * exactly those items, as the translated flow's nodes receive the input as the trigger's payload.
 */
export const feederName = 'Entrada da gravação';

function withInput(workflow, input) {
  const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
  if (!trigger) throw new Error('O workflow não tem gatilho manual.');
  const feeder = {
    id: 'entrada-da-gravacao',
    name: feederName,
    type: 'n8n-nodes-base.code',
    typeVersion: 2,
    position: trigger.position,
    parameters: { jsCode: `return ${JSON.stringify(input.map((json) => ({ json })))};` },
  };
  const connections = { ...workflow.connections };
  connections[feederName] = connections[trigger.name] ?? { main: [[]] };
  connections[trigger.name] = { main: [[{ node: feederName, type: 'main', index: 0 }]] };
  return { ...workflow, nodes: [...workflow.nodes, feeder], connections };
}

/** Runs the n8n command line in the recording's user folder. */
function n8n(bin, home, args, { exitCode = true } = {}) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      N8N_USER_FOLDER: home,
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
      GENERIC_TIMEZONE: 'America/Sao_Paulo',
    },
  });
  if (exitCode && run.status !== 0)
    throw new Error(`n8n ${args[0]} falhou (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/**
 * Imports the workflow and runs it with `n8n execute --id` (n8n 1.x no longer executes a file),
 * giving back n8n's run data (IRun), printed as JSON after the command's own log lines.
 */
function execute(bin, home, workflow) {
  const file = join(home, `${workflow.id}.json`);
  writeFileSync(file, JSON.stringify(workflow));
  n8n(bin, home, ['import:workflow', `--input=${file}`]);
  // `execute` may exit non-zero while shutting down after a run that succeeded: the run's own
  // status decides.
  const stdout = n8n(bin, home, ['execute', `--id=${workflow.id}`, '--rawOutput'], {
    exitCode: false,
  });
  const start = stdout.search(/^\{$/m);
  const end = stdout.search(/^\}$/m);
  const run = start < 0 || end < 0 ? undefined : JSON.parse(stdout.slice(start, end + 1));
  if (run?.status !== 'success') throw new Error(`n8n execute não terminou bem:\n${stdout}`);
  return run;
}

/** For each compared node: the items (json) of each of its outputs, or null if it did not run. */
function outputsOf(run, names) {
  const runData = run.data?.resultData?.runData ?? {};
  return Object.fromEntries(
    names.map((name) => {
      const main = runData[name]?.[0]?.data?.main;
      return [name, main ? main.map((items) => (items ?? []).map((item) => item.json)) : null];
    }),
  );
}

const only = new Set(process.argv.slice(2));
const cases = JSON.parse(readFileSync(join(fixtures, 'fidelity-cases.json'), 'utf8'));
const bin = installN8n();
const home = mkdtempSync(join(tmpdir(), 'ponte-n8n-'));
try {
  for (const [index, { file, input, compare }] of cases.entries()) {
    if (only.size && !only.has(file)) continue;
    const original = JSON.parse(readFileSync(join(fixtures, file), 'utf8'));
    // n8n ids are 16 letters and digits; the recording's own, so every case is a new workflow.
    const id = `pontefidelity${String(index).padStart(3, '0')}`;
    const run = execute(bin, home, { ...withInput(original, input), id, name: `${file} ${id}` });
    const recording = { n8n: n8nVersion, input, nodes: outputsOf(run, compare) };
    const target = join(fixtures, file.replace(/\.json$/, '.n8n-output.json'));
    writeFileSync(target, `${JSON.stringify(recording, null, 2)}\n`);
    console.log(
      `${file}: ${Object.values(recording.nodes).filter(Boolean).length}/${compare.length} nós executados`,
    );
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}

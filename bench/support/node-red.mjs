// Node-RED for the webhook benches, installed from npm into a cache folder the first time, with
// the bench's two flows: http in → function → http response and http in → change → http
// response.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flows as benchFlows } from './webhook-load.mjs';
import { freePort, startProcess } from './processes.mjs';

const root = new URL('../..', import.meta.url).pathname;
export const nodeRedVersion = '4.1.8';

export function installNodeRed() {
  const dir = join(root, 'node_modules/.cache/bench-node-red', nodeRedVersion);
  const redJs = join(dir, 'node_modules/node-red/red.js');
  if (!existsSync(redJs)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private": true}');
    console.error(`Instalando node-red@${nodeRedVersion} em ${dir}…`);
    execFileSync('npm', ['install', `node-red@${nodeRedVersion}`, '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
    });
  }
  return redJs;
}

const response = (id) => ({
  id,
  type: 'http response',
  z: 'aba',
  statusCode: '201',
  headers: { 'X-Pedido': 'ok' },
  wires: [],
});

const flows = [
  { id: 'aba', type: 'tab', label: 'bench' },
  {
    id: 'entrada',
    type: 'http in',
    z: 'aba',
    url: `/${benchFlows.code.path}`,
    method: 'post',
    wires: [['soma']],
  },
  {
    id: 'soma',
    type: 'function',
    z: 'aba',
    func: 'msg.payload = { total: msg.payload.itens.reduce((s, i) => s + i.preco, 0) };\nreturn msg;',
    outputs: 1,
    wires: [['saida']],
  },
  response('saida'),
  {
    id: 'entrada-marcar',
    type: 'http in',
    z: 'aba',
    url: `/${benchFlows.set.path}`,
    method: 'post',
    wires: [['marcar']],
  },
  {
    id: 'marcar',
    type: 'change',
    z: 'aba',
    rules: [{ t: 'set', p: 'payload.status', pt: 'msg', to: 'recebido', tot: 'str' }],
    wires: [['saida-marcar']],
  },
  response('saida-marcar'),
];

/** Starts Node-RED on a free port; `urlOf(kind)` is the URL of a bench flow. */
export async function startNodeRed() {
  const redJs = installNodeRed();
  const userDir = mkdtempSync(join(tmpdir(), 'ponte-bench-node-red-'));
  const port = await freePort();
  writeFileSync(join(userDir, 'flows.json'), JSON.stringify(flows));
  writeFileSync(
    join(userDir, 'settings.js'),
    `module.exports = { uiPort: ${port}, uiHost: '127.0.0.1', flowFile: 'flows.json', httpAdminRoot: false, logging: { console: { level: 'warn' } } };`,
  );
  const urlOf = (kind) => `http://127.0.0.1:${port}/${benchFlows[kind].path}`;
  const server = await startProcess(
    'Node-RED',
    [redJs, '--userDir', userDir, '--settings', join(userDir, 'settings.js')],
    {},
    urlOf('code'),
  );
  return {
    name: `Node-RED ${nodeRedVersion}`,
    urlOf,
    pid: server.child.pid,
    async stop() {
      await server.stop();
      rmSync(userDir, { recursive: true, force: true });
    },
  };
}

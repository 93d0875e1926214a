// Records what Node-RED itself gives for the import fidelity cases
// (packages/engine/src/import/fixtures/node-red/fidelity-cases.json): Node-RED 4.1.8 from npm
// (installed once into a cache folder by ../support/node-red.mjs) runs in this process, each
// fixture is deployed, the case's inject is fired (or its HTTP request sent), and the messages
// its capture nodes receive (or the HTTP answer) are written as `<case>.node-red-output.json`
// beside the fixture. The import's fidelity test reads these files; it never starts Node-RED.
//
//   node bench/import-fidelity/record-node-red.mjs [case-name…]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from '../support/processes.mjs';
import { installNodeRed, nodeRedVersion } from '../support/node-red.mjs';

const fixtures = new URL('../../packages/engine/src/import/fixtures/node-red/', import.meta.url);
const cases = JSON.parse(readFileSync(new URL('fidelity-cases.json', fixtures), 'utf8'));
const only = process.argv.slice(2);

const require = createRequire(installNodeRed());
const RED = require('node-red');
const express = require('express');

/** The value at a dotted path (`error.message`). */
const pick = (msg, path) =>
  path.split('.').reduce((at, key) => (at == null ? undefined : at[key]), msg);

/** The example files have no tab node: Node-RED gets one per `z` they use. */
function withTabs(nodes) {
  const tabs = new Set(
    nodes.filter((n) => n.type === 'tab' || n.type === 'subflow').map((n) => n.id),
  );
  const missing = [...new Set(nodes.map((n) => n.z).filter((z) => z && !tabs.has(z)))];
  return [...missing.map((id) => ({ id, type: 'tab', label: id })), ...nodes];
}

const captured = [];
let capturing = new Set();
RED.hooks.add('onReceive.fidelity', (event) => {
  if (!capturing.has(event.destination.id)) return;
  captured.push({ node: event.destination.id, msg: RED.util.cloneMessage(event.msg) });
});

const userDir = mkdtempSync(join(tmpdir(), 'ponte-fidelity-node-red-'));
const port = await freePort();
const app = express();
const server = createServer(app);
RED.init(server, {
  userDir,
  flowFile: 'flows.json',
  httpAdminRoot: '/admin',
  httpNodeRoot: '/',
  disableEditor: true,
  logging: { console: { level: 'error' } },
});
app.use('/admin', RED.httpAdmin);
app.use('/', RED.httpNode);
await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
await RED.start();
const base = `http://127.0.0.1:${port}`;

async function deploy(nodes) {
  const answer = await fetch(`${base}/admin/flows`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Node-RED-Deployment-Type': 'full' },
    body: JSON.stringify(nodes),
  });
  if (!answer.ok) throw new Error(`deploy: ${answer.status} ${await answer.text()}`);
}

/** Waits for `count` messages (at most 10 s), else until none has come for a while (at most 5 s). */
async function settle(count) {
  if (count) {
    for (let waited = 0; captured.length < count && waited < 10_000; waited += 100)
      await sleep(100);
    return;
  }
  for (let waited = 0, seen = -1; waited < 5000; waited += 250) {
    await sleep(250);
    if (captured.length && captured.length === seen) return;
    seen = captured.length;
  }
}

for (const item of cases.filter((c) => !only.length || only.includes(c.name))) {
  await deploy(withTabs(JSON.parse(readFileSync(new URL(item.fixture, fixtures), 'utf8'))));
  let output;
  await sleep(200);
  if (item.http) {
    const query = new URLSearchParams(item.http.query ?? {}).toString();
    const answer = await fetch(`${base}${item.http.path}${query ? `?${query}` : ''}`, {
      method: item.http.method,
      ...(item.http.body === undefined
        ? {}
        : {
            body:
              typeof item.http.body === 'string' ? item.http.body : JSON.stringify(item.http.body),
            headers: { 'content-type': item.http.content_type ?? 'application/json' },
          }),
    });
    output = { status: answer.status, body: await answer.text() };
  } else {
    captured.length = 0;
    capturing = new Set(item.capture);
    // As the editor's inject button does: the inject node sends its configured message.
    let inject = RED.nodes.getNode(item.inject);
    for (let tries = 0; !inject && tries < 40; tries++) {
      await sleep(50);
      inject = RED.nodes.getNode(item.inject);
    }
    if (!inject) throw new Error(`inject ${item.inject} não iniciou`);
    inject.receive({});
    await settle(item.messages);
    output = {
      captured: captured.map(({ node, msg }) => ({
        node,
        msg: Object.fromEntries(item.compare.map((path) => [path, pick(msg, path) ?? null])),
      })),
    };
  }
  const file = new URL(`${item.name}.node-red-output.json`, fixtures);
  writeFileSync(
    file,
    `${JSON.stringify({ recorded_with: `node-red@${nodeRedVersion}`, ...output }, null, 2)}\n`,
  );
  console.log(item.name, JSON.stringify(output));
}

await RED.stop();
server.close();
rmSync(userDir, { recursive: true, force: true });
process.exit(0);

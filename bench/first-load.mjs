#!/usr/bin/env node
// What the first load of /flows (signed in, empty cache) brings over the wire, from a built
// Ponte in headless Chromium: every response's encoded size (CDP Network.loadingFinished),
// summed per class (document, JS, CSS, API JSON, other), once as the browser asks
// (Accept-Encoding of Chromium) and once with `Accept-Encoding: identity` (nothing compressed).
// Usage: npm run build && node bench/first-load.mjs [--chromium=/usr/bin/chromium]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { nodeFlags } from '../scripts/server-flags.mjs';
import { freePort, startProcess } from './support/processes.mjs';

const root = new URL('..', import.meta.url).pathname;
const chromiumArg = process.argv.find((arg) => arg.startsWith('--chromium='));
const chromiumPath = chromiumArg ? chromiumArg.slice('--chromium='.length) : '/usr/bin/chromium';
const admin = { email: 'ana@exemplo.com.br', password: 'segredo-forte-1' };

function classOf(url, type) {
  const path = new URL(url).pathname;
  if (type === 'Document') return 'documento';
  if (path.endsWith('.js')) return 'JS';
  if (path.endsWith('.css')) return 'CSS';
  if (/^\/(api|account|engine)\//.test(path)) return 'API (JSON)';
  return 'outros';
}

async function measure(browser, url, token, identity) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/auth?token=${token}`);
  await page.waitForURL('**/flows');
  const state = await context.storageState();
  await context.close();

  const fresh = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: state,
  });
  const measured = await fresh.newPage();
  const cdp = await fresh.newCDPSession(measured);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (identity) {
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  }
  const types = new Map();
  const sums = new Map();
  const library = new Set();
  let libraryLoaded;
  const libraryDone = new Promise((resolve) => (libraryLoaded = resolve));
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    types.set(requestId, classOf(response.url, type));
    if (new URL(response.url).pathname === '/engine/library') library.add(requestId);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const kind = types.get(requestId);
    if (!kind) return;
    const sum = sums.get(kind) ?? { count: 0, bytes: 0 };
    sums.set(kind, { count: sum.count + 1, bytes: sum.bytes + encodedDataLength });
    if (library.has(requestId)) libraryLoaded();
  });
  await measured.goto(`${url}/flows`, { waitUntil: 'networkidle' });
  await measured.getByRole('link', { name: 'Criar Flow' }).first().waitFor();
  // The node library is the last answer the list asks for; its end, then quiet.
  await libraryDone;
  await measured.waitForLoadState('networkidle');
  await fresh.close();
  return sums;
}

const dataDir = mkdtempSync(join(tmpdir(), 'ponte-first-load-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = await startProcess(
  'Ponte',
  [...nodeFlags, join(root, 'apps/server/dist/main.js')],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PONTE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PONTE_ADMIN_EMAIL: admin.email,
    PONTE_ADMIN_PASSWORD: admin.password,
  },
  `${url}/healthz`,
);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox'],
});
try {
  const response = await fetch(`${url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token } = await response.json();
  const plain = await measure(browser, url, token, true);
  const compressed = await measure(browser, url, token, false);
  const kinds = ['documento', 'JS', 'CSS', 'API (JSON)', 'outros'];
  const total = (sums) => [...sums.values()].reduce((sum, { bytes }) => sum + bytes, 0);
  console.log('| classe | respostas | sem compressão (bytes) | comprimido (bytes) |');
  console.log('| ------ | --------: | ---------------------: | -----------------: |');
  for (const kind of kinds) {
    const a = plain.get(kind) ?? { count: 0, bytes: 0 };
    const b = compressed.get(kind) ?? { count: 0, bytes: 0 };
    console.log(`| ${kind} | ${b.count} | ${a.bytes} | ${b.bytes} |`);
  }
  console.log(`| total | | ${total(plain)} | ${total(compressed)} |`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

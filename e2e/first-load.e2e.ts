import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

/** The budget for everything the first load of /flows brings over the wire. */
const budget = 450_000;

interface Transfer {
  url: string;
  encoding: string;
  bytes: number;
}

describe.skipIf(!hasChromium)('The first load of /flows', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('transfers at most 450 kB, the app compressed with brotli or gzip', async () => {
    // Signed in once; the load measured runs in a new context: the session, an empty cache.
    const signIn = await browser.newContext({ locale: 'pt-BR' });
    await signInAsAdmin(server, await signIn.newPage());
    const storageState = await signIn.storageState();
    await signIn.close();

    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
      storageState,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map<string, Transfer>();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      requests.set(requestId, {
        url: response.url,
        encoding: String(headers['content-encoding'] ?? ''),
        bytes: 0,
      });
    });
    const transfers: Transfer[] = [];
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) transfers.push({ ...request, bytes: encodedDataLength });
    });

    await page.goto(`${server.url}/flows`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Criar Flow' }).first().waitFor();
    const path = (url: string) => new URL(url).pathname;
    // The node library is the last answer the list asks for: counted once it has ended.
    await until(
      async () => transfers.some((transfer) => path(transfer.url) === '/engine/library'),
      'o fim da resposta da biblioteca de nós',
    );
    await page.waitForLoadState('networkidle');
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    const mainScript = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    const main = transfers.find((transfer) => path(transfer.url) === mainScript);
    expect(main?.encoding).toMatch(/^(br|gzip)$/);
    const flowsPage = transfers.find((transfer) => path(transfer.url) === '/flows');
    expect(flowsPage?.encoding).toMatch(/^(br|gzip)$/);

    const total = transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
    const listing = transfers
      .map((transfer) => `${transfer.bytes} ${transfer.encoding || '-'} ${path(transfer.url)}`)
      .join('\n');
    expect(total, listing).toBeLessThanOrEqual(budget);
    await context.close();
  });
});

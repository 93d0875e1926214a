import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser';
import { dropConnector, selectNode, typeCode } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/** The browser's own words when the Content-Security-Policy blocks something. */
const violation = /Content Security Policy|Refused to (load|execute|connect|create|apply|frame)/i;

describe.skipIf(!hasChromium)('Content-Security-Policy in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const blocked: string[] = [];

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('console', (message) => {
      if (violation.test(message.text())) blocked.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `Content Security Policy: ${event.violatedDirective} ${event.blockedURI} ${location.pathname} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        ),
      );
    });
    await signInAsAdmin(server, page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('runs the app, Monaco with its workers, the live pages and Swagger UI with nothing blocked', async () => {
    const headers = (await page.goto(`${server.url}/flows`))?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByRole('link', { name: 'Criar Flow' }).first().click();
    await page.waitForURL('**/flows/new');
    await selectNode(page, await dropConnector(page, 'Código', { x: 380, y: 220 }));
    await typeCode(page, 'msg.payload.total = 1');
    // Monaco started its workers from the app's own assets.
    await page.locator('.monaco-editor .view-line').first().waitFor();
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /worker/i.test(entry.name) && entry.name.includes('/assets/')),
    );

    await page.goto(`${server.url}/monitoring/active`);
    await page.getByText('Online').first().waitFor();

    await page.goto(`${server.url}/api/docs/`);
    await page.locator('.swagger-ui .info').waitFor();

    expect(blocked).toEqual([]);
  });
});

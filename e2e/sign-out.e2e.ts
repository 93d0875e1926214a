import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/** The keys a session keeps in localStorage (spec 1 §3). */
const sessionKeys = ['token', 'tokenExpiration', 'user', 'workspace', 'selectedGroup'];

/** What the page's localStorage holds under the session keys. */
const storedSession = (page: Page) =>
  page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])),
    sessionKeys,
  );

const cleared = Object.fromEntries(sessionKeys.map((key) => [key, null]));

/** The statuses `token` gets from the workspace API and the engine API, asked from the page. */
const statusesFromPage = (page: Page, token: string) =>
  page.evaluate(async (bearer) => {
    const ask = async (path: string) =>
      (await fetch(path, { headers: { Authorization: `Bearer ${bearer}` } })).status;
    return { api: await ask('/api/v1/users/me'), engine: await ask('/engine/library') };
  }, token);

/** A token signed in through the API, as another browser would hold it. */
async function signInElsewhere(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.PONTE_ADMIN_EMAIL, password: admin.PONTE_ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A JWT-shaped token whose `exp` passed a minute ago (its signature does not matter here). */
function expiredToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 60;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u', wid: 'w', exp, iat: exp - 3600 })}.x`;
}

/** Opens the header's user menu and waits for its entrance transition to end. */
async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).waitFor();
  await page.waitForFunction(() => {
    const menu = document.querySelector('[role="menu"]');
    return menu !== null && getComputedStyle(menu).opacity === '1';
  });
}

describe.skipIf(!hasChromium)('Sair', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("'Sair' in the user menu ends the session on the server and empties the browser", async () => {
    const token = await signInAsAdmin(server, page);
    const elsewhere = await signInElsewhere(server);
    expect(await statusesFromPage(page, token)).toEqual({ api: 200, engine: 200 });
    await openUserMenu(page);
    await snap(page, 'sign-out-menu-1440', { fullPage: false });

    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/conta/entrar');
    await page.getByRole('heading', { name: 'Entrar no Ponte' }).waitFor();

    expect(await statusesFromPage(page, token)).toEqual({ api: 401, engine: 401 });
    expect(await storedSession(page)).toEqual(cleared);
    // The same person's session in another browser stays open.
    expect(await statusesFromPage(page, elsewhere)).toEqual({ api: 200, engine: 200 });
  });

  it("'Sair' of the account panel does the same at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await signInAsAdmin(server, page);
    await openUserMenu(page);
    await snap(page, 'sign-out-menu-390', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/conta`);
    await page.getByRole('link', { name: 'Sair' }).waitFor();
    await snap(page, 'sign-out-account-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await snap(page, 'sign-out-account-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Sair' }).click();
    await page.waitForURL('**/conta/entrar');
    expect(await statusesFromPage(page, token)).toEqual({ api: 401, engine: 401 });
    expect(await storedSession(page)).toEqual(cleared);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/conta`);
    await page.waitForURL('**/conta/entrar');
  });

  it('an expired token left in the browser lands on the sign-in page, with the browser emptied', async () => {
    await page.goto(`${server.url}/conta/entrar`);
    await page.evaluate(
      ({ token, past }) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('tokenExpiration', String(past));
        window.localStorage.setItem('user', JSON.stringify({ _id: 'u', name: 'Ana' }));
        window.localStorage.setItem('workspace', JSON.stringify({ _id: 'w', name: 'Principal' }));
        window.localStorage.setItem('selectedGroup', 'g1');
      },
      { token: expiredToken(), past: Date.now() - 60_000 },
    );
    await page.goto(`${server.url}/flows`);
    await page.waitForURL('**/conta/entrar');
    await page.getByRole('heading', { name: 'Entrar no Ponte' }).waitFor();
    expect(await storedSession(page)).toEqual(cleared);
  });
});

import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server';

/** The owner the journeys start the server with (PONTE_ADMIN_EMAIL / PONTE_ADMIN_PASSWORD). */
export const admin = {
  PONTE_ADMIN_EMAIL: 'ana@exemplo.com.br',
  PONTE_ADMIN_PASSWORD: 'segredo-forte-1',
};

/** Signs the owner in through the API and hands the token to the app's /auth page. */
export async function signInAsAdmin(server: RunningServer, page: Page): Promise<string> {
  const response = await fetch(`${server.url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.PONTE_ADMIN_EMAIL, password: admin.PONTE_ADMIN_PASSWORD }),
  });
  const { token } = (await response.json()) as { token: string };
  await page.goto(`${server.url}/auth?token=${token}`);
  await page.waitForURL('**/flows');
  return token;
}

/**
 * A 1440 × 900 pt-BR page of `browser` signed in as the owner, the debugger panel closed; an
 * error thrown in the page fails the journey.
 */
export async function adminPage(server: RunningServer, browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  page.on('pageerror', (error) => {
    throw error;
  });
  await signInAsAdmin(server, page);
  await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
  return page;
}

/** Opens 'Nova conta de serviço' on the accounts page with `type` chosen; gives the dialog. */
export async function newAccountForm(server: RunningServer, page: Page, type: string | RegExp) {
  await page.goto(`${server.url}/service-accounts`);
  await page.getByRole('button', { name: 'Criar conta de serviço' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nova conta de serviço' });
  await form.getByRole('combobox', { name: /^Tipo de autenticação/ }).click();
  const name = typeof type === 'string' ? { name: type, exact: true } : { name: type };
  await page.getByRole('option', name).click();
  return form;
}

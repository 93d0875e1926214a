import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = process.env.PONTE_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser journeys need Debian's Chromium; without it they are skipped, never failed. */
export const hasChromium = existsSync(chromiumPath);
export const skipReason = `Chromium não encontrado em ${chromiumPath} (instale o pacote chromium ou defina PONTE_CHROMIUM_PATH)`;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
      '--no-first-run',
    ],
  });
}

const screenshotDir = join(new URL('..', import.meta.url).pathname, 'screenshots');

/**
 * Saves a screenshot of the whole page, or of the viewport only with `fullPage: false` — needed
 * in the middle of a drag, since a full-page shot resizes the viewport and that cancels it.
 */
export async function snap(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

/** Waits for a toast; when it does not come, the error says which toasts did. */
export async function expectToast(page: Page, text: string) {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
  } catch (error) {
    const shown = await page.locator('.mantine-Notification-description').allTextContents();
    throw new Error(`Esperava o aviso "${text}"; na tela: ${shown.join(' | ') || 'nenhum'}`, {
      cause: error,
    });
  }
}

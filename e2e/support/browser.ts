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

/** Saves a full-page screenshot under e2e/screenshots/ for a person to look at. */
/**
 * Saves a screenshot of the whole page, or of the viewport only with `fullPage: false` — needed
 * in the middle of a drag, since a full-page shot resizes the viewport and that cancels it.
 */
export async function snap(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

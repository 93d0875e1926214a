import type { Page } from 'playwright-core';
import type { RunningServer } from './server';
import { until } from './until';

/**
 * Opens /monitoring filtered to one flow (last hour) and presses 'Atualizar' until a row of the
 * logs table shows `text` (20 s at most); gives that row's text.
 */
export async function waitForLogLine(
  page: Page,
  server: RunningServer,
  flowId: string,
  text: string | RegExp,
): Promise<string> {
  const filters = encodeURIComponent(JSON.stringify({ flow: flowId, date_alias: '1h' }));
  await page.goto(`${server.url}/monitoring?filters=${filters}`);
  await page.getByRole('heading', { name: 'Logs de monitoramento' }).waitFor();
  const row = page.getByRole('table').first().getByRole('row').filter({ hasText: text }).first();
  return until(
    async () => {
      if (await row.isVisible()) return (await row.textContent()) ?? '';
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return false;
    },
    `a linha de log "${String(text)}" em /monitoring`,
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { nthBusinessDay } from '@ponte/shared/brazil/calendar/calendar';
import { apiClient, type Call } from './support/api';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { choose, connectNodes, dropConnector, selectNode } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/**
 * The next five 5th business days of São Paulo at 9:00, as the panel writes them ('seg.
 * 07/12/2026 09:00'), from the calendar the server uses: the journey checks that the panel
 * shows what the schedule will do, whatever day it runs.
 */
function expectedFifthBusinessDays(now: Date): string[] {
  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' });
  const runs: string[] = [];
  for (let offset = 0; runs.length < 5; offset += 1) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    const day = nthBusinessDay(month.toISOString().slice(0, 7), 5, 'SP/São Paulo');
    // 9:00 in São Paulo is 12:00 UTC (no daylight saving since 2019).
    if (new Date(`${day}T12:00:00Z`) <= now) continue;
    const [year, mm, dd] = day.split('-');
    runs.push(`${weekday.format(new Date(`${day}T12:00:00Z`))} ${dd}/${mm}/${year} 09:00`);
  }
  return runs;
}

async function toast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** docs/brasil.md, "Dias úteis e feriados": a schedule that pays on the 5th business day. */
describe.skipIf(!hasChromium)('Jornada do agendamento no 5º dia útil do mês', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('escolhe "No N-ésimo dia útil do mês", recusa um município que não é capital e salva', async () => {
    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const schedule = await dropConnector(page, 'Agendamento', { x: 160, y: 220 });
    const log = await dropConnector(page, 'Log', { x: 440, y: 220 });
    await connectNodes(page, schedule, 'default', log);
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await selectNode(page, log);
    await panel.getByRole('textbox', { name: /^Rótulo/ }).fill('Folha');
    await panel
      .getByRole('textbox', { name: /^Mensagem/ })
      .fill('Pagamento de {{ msg.payload.scheduled_at }}');

    await selectNode(page, schedule);
    await panel.getByRole('textbox', { name: /^Expressão cron/ }).fill('0 0 9 * * *');
    // 'Todos os dias' shows neither the place nor N.
    await expect(panel.getByRole('textbox', { name: /^UF\/município/ }).count()).resolves.toBe(0);
    await choose(page, 'Dias', 'No N-ésimo dia útil do mês');
    const place = panel.getByRole('textbox', { name: /^UF\/município/ });
    const nth = panel.getByRole('textbox', { name: /^N-ésimo dia útil/ });
    // Both as the panel offers them: the whole country, the 5th business day.
    await expect(place.inputValue()).resolves.toBe('BR');
    await expect(nth.inputValue()).resolves.toBe('5');
    await place.fill('SP/Campinas');
    await panel
      .getByText(/Município sem calendário: "Campinas"/)
      .first()
      .waitFor();
    await snap(page, 'business-day-schedule-01-quinto-dia-util');

    await page.getByLabel('Nome do flow').fill('Folha no 5º dia útil');
    await page.getByRole('switch', { name: 'Ativo' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(
      page,
      /Município sem calendário: "Campinas"\. Só as capitais têm feriados municipais/,
    );
    await snap(page, 'business-day-schedule-02-municipio-recusado', { fullPage: false });

    await selectNode(page, schedule);
    await place.fill('sp/sao paulo');
    // The panel lists when it will run: the 5th business day of each month, 9:00.
    const nextRuns = panel.getByTestId('schedule-next-runs');
    const expected = expectedFifthBusinessDays(new Date());
    await nextRuns.getByText(expected[0]!).waitFor();
    expect(await nextRuns.getByRole('listitem').allTextContents()).toEqual(expected);
    await nextRuns.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    // The refusal of the save above is read: closed, so it does not cover the list.
    for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
      await close.click();
    }
    await snap(page, 'business-day-schedule-03-proximas-execucoes', { fullPage: false });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Fluxo salvo com sucesso');
    await page.waitForURL(/\/flows\/[^/?]+\?fromNew=true$/);
    const flowId = new URL(page.url()).pathname.split('/').pop()!;
    try {
      const stored = await call('GET', `/api/v1/flows/${flowId}`);
      const data = stored.body.data as { nodes: { type: string; params: object }[] };
      const trigger = data.nodes.find((node) => node.type === 'core_schedule_trigger');
      expect(trigger?.params).toMatchObject({
        cron: '0 0 9 * * *',
        days: 'nth_business',
        place: 'sp/sao paulo',
      });
      expect(stored.body.enabled).toBe(true);
    } finally {
      await call('PUT', `/api/v1/flows/${flowId}`, { enabled: false });
    }
  });
});

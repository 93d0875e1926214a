import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { apiClient, createFlow, type Call } from './support/api';
import { until } from './support/until';
import { selectNode } from './support/flow-editor';
import { messages } from '@ponte/shared/messages';

async function toast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** The number shown on a counter of the view page ('Concluídas', 'Pausadas'...). */
async function counter(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('group', { name: label, exact: true }).textContent();
  return Number((text ?? '').replace(label, '').replace(/\D/g, ''));
}

/** Clicks 'Atualizar' until the counter reads `value` (the consumer works in the background). */
async function refreshUntil(page: Page, label: string, value: number) {
  await until(async () => {
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await page.waitForLoadState('networkidle');
    return (await counter(page, label)) === value;
  }, `o contador "${label}" chegar a ${value}`);
}

async function addMessage(page: Page, content: string, delaySeconds?: number) {
  await page.getByRole('button', { name: 'Adicionar mensagem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar mensagem' });
  await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill(content);
  if (delaySeconds !== undefined) {
    await dialog.getByText('Sim (1)').click();
    await dialog.getByRole('textbox', { name: 'Atraso em segundos' }).fill(String(delaySeconds));
  }
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await toast(page, 'Mensagem adicionada à fila');
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)(
  'Jornada das filas internas: criar, consumir, pausar, limpar, remover',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let call: Call;
    let queueId = '';

    const pending = () => page.getByRole('table', { name: 'Jobs pendentes' });

    beforeAll(async () => {
      server = await startServer(admin);
      browser = await launchBrowser();
      context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'pt-BR',
      });
      page = await context.newPage();
      page.on('pageerror', (error) => {
        throw error;
      });
      call = apiClient(server, await signInAsAdmin(server, page));
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('cria a fila pela tela', async () => {
      await page.goto(`${server.url}/queues`);
      await page.getByText('Nenhuma fila criada ainda.').waitFor();
      await page.getByRole('link', { name: 'Criar fila' }).first().click();
      await page.waitForURL('**/queues/new');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('O campo "Nome da fila" é obrigatório.').waitFor();
      await page.getByRole('textbox', { name: /Nome da fila/ }).fill('Pedidos');
      await page.getByRole('textbox', { name: /Máximo de mensagens por segundo/ }).fill('10');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'A file interna foi salva com sucesso!');
      await page.waitForURL('**/queues');
      const row = page.getByRole('table', { name: 'Filas internas' }).getByRole('row', {
        name: /Pedidos/,
      });
      await row.getByText('Em execução').waitFor();
      const listed = await call('GET', '/api/v1/queues?query=Pedidos');
      queueId = listed.body.items[0]._id as string;
      expect(listed.body.items[0].max_per_second).toBe(10);
      await snap(page, 'queues-list-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/queues`);
      await page.getByRole('list', { name: 'Filas internas' }).getByText('Pedidos').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await snap(page, 'queues-list-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('sem consumidor, a mensagem adicionada à mão espera na fila', async () => {
      await page.goto(`${server.url}/queues/view/${queueId}`);
      await page.getByText(/A fila não tem flow consumidor ativo\./).waitFor();
      await addMessage(page, '{"pedido": 1}');
      await refreshUntil(page, 'Aguardando', 1);
      const row = pending().getByRole('row', { name: /\{"pedido":1\}/ });
      await row.getByText('Não', { exact: true }).waitFor();
      await row.getByText('{"pedido":1}').click();
      const modal = page.getByRole('dialog', { name: /^Mensagem / });
      expect(await modal.locator('pre').textContent()).toBe('{\n    "pedido": 1\n}');
      // The screenshot waits for the modal's opening transition to end.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[role="dialog"]')).some(
          (dialog) => getComputedStyle(dialog).opacity === '1',
        ),
      );
      await snap(page, 'queue-view-message-1440', { fullPage: false });
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    });

    it('um flow consome a fila e outro publica nela', async () => {
      await createFlow(call, 'Consumidor de pedidos', [
        { type: 'core_queue_trigger', params: { queue: queueId } },
      ]);
      const publisher = await createFlow(call, 'Publicador de pedidos', [
        { type: 'core_manual_trigger' },
        { type: 'core_queue_publish', params: { queue: queueId, message: '{{ msg.payload }}' } },
      ]);

      await page.goto(`${server.url}/queues/view/${queueId}`);
      await page.getByRole('link', { name: 'Consumidor de pedidos' }).waitFor();
      await refreshUntil(page, 'Concluídas', 1);

      const started = await call('POST', `/engine/flow/manual-trigger/${publisher}`, {
        pedido: 2,
      });
      expect(started.status).toBe(200);
      await refreshUntil(page, 'Concluídas', 2);
      const done = await call('GET', `/api/v1/queues/jobs/${queueId}?statusList=completed`);
      const publishers = (done.body.items as { publisher: string }[]).map((job) => job.publisher);
      expect(publishers).toContain('Publicador de pedidos');
      await snap(page, 'queue-view-consumed-1440');
    });

    it('o editor avisa quando um segundo flow aponta para a fila', async () => {
      const second = await createFlow(call, 'Segundo consumidor', [
        { type: 'core_queue_trigger', params: { queue: queueId } },
      ]);
      await page.goto(`${server.url}/flows/${second}`);
      await selectNode(page, 'n0');
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Fila' }).inputValue())
        .toBe('Pedidos');
      await page.getByText(messages.queues.otherConsumer('Consumidor de pedidos')).waitFor();
      await snap(page, 'queue-trigger-second-consumer-1440');
      const queue = await call('GET', `/api/v1/queues/${queueId}`);
      expect(queue.body.flow_id.name).toBe('Consumidor de pedidos');
      expect((await call('DELETE', `/api/v1/flows/${second}`)).status).toBe(204);
    });

    it('pausada, guarda as mensagens; iniciada, consome todas', async () => {
      await page.goto(`${server.url}/queues/view/${queueId}`);
      await page.getByRole('button', { name: 'Pausar' }).click();
      await page.getByRole('table', { name: 'Dados da fila' }).getByText('Pausada').waitFor();
      for (const n of [3, 4, 5]) await addMessage(page, `{"pedido": ${n}}`);
      await refreshUntil(page, 'Pausadas', 3);
      expect(await pending().getByRole('row').count()).toBe(4);
      await snap(page, 'queue-view-paused-1440');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByRole('group', { name: 'Pausadas', exact: true }).waitFor();
      await page.getByText('{"pedido":5}').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await snap(page, 'queue-view-paused-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.getByRole('button', { name: 'Iniciar' }).click();
      await refreshUntil(page, 'Concluídas', 5);
      expect(await counter(page, 'Pausadas')).toBe(0);

      // The depth chart: the server samples every queue's counters every 30 s.
      await until(
        async () => {
          await page.getByRole('button', { name: 'Atualizar' }).click();
          await page.waitForLoadState('networkidle');
          if (await page.locator('.recharts-area').count()) return true;
          await page.waitForTimeout(1000);
          return false;
        },
        'a primeira medição do gráfico da fila',
        45_000,
      );
      await snap(page, 'queue-view-chart-1440');
    });

    it('limpa a fila depois da confirmação', async () => {
      await page.goto(`${server.url}/queues/view/${queueId}`);
      await addMessage(page, 'para depois', 3600);
      await pending().getByText('Delayed: Aguardando').waitFor();
      await page.getByRole('button', { name: 'Limpar fila' }).click();
      const dialog = page.getByRole('dialog', { name: 'Limpar fila' });
      await dialog
        .getByText('Tem certeza que deseja limpar a fila? Esta ação não pode ser desfeita.')
        .waitFor();
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Nenhum job pendente nesta fila.').waitFor();
      expect(await counter(page, 'Agendadas')).toBe(0);
    });

    it('remove a fila pelo nome', async () => {
      await page.goto(`${server.url}/queues/delete/${queueId}`);
      await page.getByText(/Todos os jobs pendentes da fila também serão removidos/).waitFor();
      const typed = page.getByRole('textbox', { name: 'Digite o nome para confirmar' });
      await typed.fill('Pedido');
      await page.getByRole('button', { name: 'Remover a fila' }).click();
      await toast(page, 'O nome da fila não confere com o nome digitado!');
      await typed.fill('Pedidos');
      await page.getByRole('button', { name: 'Remover a fila' }).click();
      await toast(page, 'A fila foi removida com sucesso!');
      await page.waitForURL('**/queues');
      await page.getByText('Nenhuma fila criada ainda.').waitFor();
    });
  },
);

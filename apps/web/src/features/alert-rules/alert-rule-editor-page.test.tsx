import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AlertRuleBody } from '@ponte/shared/alert-rules.schema';
import { messages } from '@ponte/shared/messages';
import type { RecordedCall } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { AlertRuleEditorPage } from './alert-rule-editor-page';
import { pick, setupEditor, timeoutRule } from './editor-test-fixtures';
import { keepEditing, leaveWithoutSaving } from '../../test/leave-question';

const created = (call: RecordedCall) => ({
  status: 201,
  body: { ...timeoutRule, ...(call.body as object), _id: 'r9' },
});

function renderNew() {
  return renderWithProviders(<AlertRuleEditorPage />, {
    path: '/alert-rules/new',
    pattern: '/alert-rules/new',
    extraPaths: ['/alert-rules', '/alert-rules/edit/:id'],
  });
}

function renderEdit() {
  return renderWithProviders(<AlertRuleEditorPage />, {
    path: '/alert-rules/edit/r1',
    pattern: '/alert-rules/edit/:id',
    extraPaths: ['/alert-rules'],
  });
}

const named = (label: string) => ({ name: new RegExp(`^${label}`) });
const field = (label: string) => screen.getByRole('textbox', named(label));
const select = (label: string) => screen.getByRole('combobox', named(label));
/** Replaces what an input holds (pasted: typing each key re-renders the whole form). */
async function fill(user: UserEvent, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

const sentBody = (calls: RecordedCall[]) => calls[0]!.body as AlertRuleBody;

describe('/alert-rules/new', () => {
  it("offers 'Servidor SMTP da instância' only when the server has one", async () => {
    setupEditor([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/email-senders',
        reply: { body: { instance_smtp: false } },
      },
    ]);
    const { user } = renderNew();
    expect(await screen.findByText(messages.alertRules.noInstanceSmtp)).toBeVisible();
    const sender = select('Conta de envio');
    expect(sender).toHaveValue('');
    await user.click(sender);
    expect(await screen.findByRole('option', { name: 'SMTP da empresa' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Servidor SMTP da instância' })).toBeNull();
  });

  it('starts a new rule with the spec defaults and creates it, then opens its edit page', async () => {
    const api = setupEditor([{ method: 'POST', path: '/api/v1/alert-rules', reply: created }]);
    const { user, router } = renderNew();
    expect(await screen.findByRole('heading', { name: 'Nova regra de alerta' })).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked();
    expect(field('Nome')).toHaveValue('Nova regra de alerta');
    expect(select('Tipo')).toHaveValue('Match de logs');
    expect(select('Ação')).toHaveValue('E-mail');
    expect(select('Origem')).toHaveValue('Mensagem');
    expect(select('Janela de captura')).toHaveValue('5 minutos');
    expect(select('Flow')).toHaveAttribute('placeholder', 'Todos os flows');
    await waitFor(() => expect(select('Conta de envio')).toHaveValue('Servidor SMTP da instância'));
    expect(screen.queryByRole('textbox', named('Campo do JSON'))).toBeNull();
    expect(screen.queryByText('Últimos disparos')).toBeNull();

    await fill(user, field('Destinatários'), 'ops@exemplo.com.br, plantao@exemplo.com.br');
    await fill(user, field('Conteúdo'), 'timeout');
    await pick(user, select('Flow'), 'Pedidos');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/alert-rules/edit/r9'));
    expect(sentBody(api.callsTo('POST', '/api/v1/alert-rules'))).toEqual({
      name: 'Nova regra de alerta',
      group: null,
      type: 'match_log',
      enabled: true,
      action: 'email',
      action_email_to: 'ops@exemplo.com.br, plantao@exemplo.com.br',
      action_email_message: '',
      action_email_account_id: null,
      action_webhook_method: 'post',
      action_webhook_url: '',
      match_log_type: 'message',
      match_log_json_field: '',
      match_log_content: 'timeout',
      flow_id: 'f1',
      timewindow_seconds: 300,
      no_success_minutes: null,
      queue_id: null,
      queue_depth_above: null,
      queue_depth_minutes: null,
      stuck_minutes: null,
    });
    expect(await screen.findByText('A regra de alerta foi salva com sucesso!')).toBeVisible();
  });

  it('starts a new rule in the group selected in the header', async () => {
    window.localStorage.setItem('selectedGroup', 'g1');
    setupEditor();
    renderNew();
    await waitFor(() => expect(select('Grupo')).toHaveValue('Vendas'));
  });

  it('shows the fields of each type', async () => {
    setupEditor();
    const { user } = renderNew();
    await pick(
      user,
      await screen.findByRole('combobox', named('Origem')),
      'Campo do JSON da mensagem',
    );
    expect(field('Campo do JSON')).toHaveAttribute('placeholder', 'pedido.status');

    await pick(user, select('Tipo'), 'Fila acumulada');
    expect(screen.queryByRole('combobox', named('Origem'))).toBeNull();
    expect(screen.queryByRole('button', { name: 'Testar' })).toBeNull();
    expect(select('Fila')).toBeVisible();
    expect(field('Mais de')).toHaveValue('100');
    expect(field('Por')).toHaveValue('10');

    await pick(user, select('Tipo'), 'Flow sem sucesso');
    expect(screen.queryByRole('combobox', named('Fila'))).toBeNull();
    expect(screen.queryByRole('combobox', named('Janela de captura'))).toBeNull();
    expect(select('Flow')).toHaveAttribute('placeholder', 'Escolha o flow');

    await pick(user, select('Tipo'), 'Execução sem worker');
    expect(screen.getByRole('heading', { name: 'Execução sem worker' })).toBeVisible();
    expect(field('Na fila há mais de')).toHaveValue('1');
    expect(select('Flow')).toHaveAttribute('placeholder', 'Todos os flows');
    expect(screen.getByText(messages.alertRules.stuckHint)).toBeVisible();
    expect(screen.queryByRole('textbox', named('Conteúdo'))).toBeNull();
    expect(screen.queryByRole('textbox', named('Sem sucesso há mais de'))).toBeNull();
  });

  it('sends a no-success time in minutes and leaves the queue fields out', async () => {
    const api = setupEditor([{ method: 'POST', path: '/api/v1/alert-rules', reply: created }]);
    const { user } = renderNew();
    await pick(user, await screen.findByRole('combobox', named('Tipo')), 'Flow sem sucesso');
    await pick(user, select('Flow'), 'Importação noturna');
    await fill(user, field('Sem sucesso há mais de'), '26');
    expect(select('Unidade')).toHaveValue('horas');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/v1/alert-rules')).toHaveLength(1));
    expect(sentBody(api.callsTo('POST', '/api/v1/alert-rules'))).toMatchObject({
      type: 'no_success',
      flow_id: 'f2',
      no_success_minutes: 26 * 60,
      queue_id: null,
      queue_depth_above: null,
      queue_depth_minutes: null,
    });
  });

  it('sends a queue backlog rule with its queue, depth and minutes', async () => {
    const api = setupEditor([{ method: 'POST', path: '/api/v1/alert-rules', reply: created }]);
    const { user } = renderNew();
    await pick(user, await screen.findByRole('combobox', named('Flow')), 'Pedidos');
    await pick(user, select('Tipo'), 'Fila acumulada');
    await pick(user, select('Fila'), 'boletos');
    await fill(user, field('Mais de'), '500');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/v1/alert-rules')).toHaveLength(1));
    expect(sentBody(api.callsTo('POST', '/api/v1/alert-rules'))).toMatchObject({
      type: 'queue_backlog',
      queue_id: 'q1',
      queue_depth_above: 500,
      queue_depth_minutes: 10,
      flow_id: null,
      no_success_minutes: null,
    });
  });

  it('sends a new stuck execution rule with 1 minute and any flow', async () => {
    const api = setupEditor([{ method: 'POST', path: '/api/v1/alert-rules', reply: created }]);
    const { user } = renderNew();
    await pick(user, await screen.findByRole('combobox', named('Tipo')), 'Execução sem worker');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/alert-rules')).toHaveLength(1));
    expect(sentBody(api.callsTo('POST', '/api/v1/alert-rules'))).toMatchObject({
      type: 'stuck_execution',
      stuck_minutes: 1,
      flow_id: null,
      no_success_minutes: null,
      queue_id: null,
      queue_depth_above: null,
      queue_depth_minutes: null,
    });
  });

  it('sends a stuck execution rule of the chosen flow with the minutes typed', async () => {
    const api = setupEditor([{ method: 'POST', path: '/api/v1/alert-rules', reply: created }]);
    const { user } = renderNew();
    await pick(user, await screen.findByRole('combobox', named('Tipo')), 'Execução sem worker');
    await pick(user, select('Flow'), 'Pedidos');
    await fill(user, field('Na fila há mais de'), '15');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/alert-rules')).toHaveLength(1));
    expect(sentBody(api.callsTo('POST', '/api/v1/alert-rules'))).toMatchObject({
      type: 'stuck_execution',
      stuck_minutes: 15,
      flow_id: 'f1',
    });
  });

  it('switches between e-mail and webhook fields and sends the chosen account and method', async () => {
    const api = setupEditor([{ method: 'POST', path: '/api/v1/alert-rules', reply: created }]);
    const { user } = renderNew();
    await pick(
      user,
      await screen.findByRole('combobox', named('Conta de envio')),
      'SMTP da empresa',
    );
    await fill(user, field('Mensagem'), 'Verifique o flow.');

    await pick(user, select('Ação'), 'Webhook');
    expect(screen.queryByRole('textbox', named('Destinatários'))).toBeNull();
    expect(select('Método')).toHaveValue('POST');
    await pick(user, select('Método'), 'PATCH');
    await fill(user, field('URL'), 'https://hooks.exemplo.com.br/a');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/v1/alert-rules')).toHaveLength(1));
    expect(sentBody(api.callsTo('POST', '/api/v1/alert-rules'))).toMatchObject({
      action: 'webhook',
      action_webhook_method: 'patch',
      action_webhook_url: 'https://hooks.exemplo.com.br/a',
      action_email_account_id: 's1',
      action_email_message: 'Verifique o flow.',
    });
  });

  it("shows the server's message on a failed save and keeps what was typed", async () => {
    setupEditor([
      {
        method: 'POST',
        path: '/api/v1/alert-rules',
        reply: {
          status: 400,
          body: { statusCode: 400, code: 'invalid', message: 'Informe o e-mail do destinatário.' },
        },
      },
    ]);
    const { user, router } = renderNew();
    await fill(user, await screen.findByRole('textbox', named('Nome')), 'Erros no ERP');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Ocorreu um erro ao salvar a regra de alerta: Informe o e-mail do destinatário.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/alert-rules/new');
    expect(field('Nome')).toHaveValue('Erros no ERP');
  });
});

describe('/alert-rules/edit/{id}', () => {
  it('loads the rule into the fields, saves it with PUT and stays on the page', async () => {
    const api = setupEditor([
      {
        method: 'PUT',
        path: '/api/v1/alert-rules/r1',
        reply: (call) => ({ body: { ...timeoutRule, ...(call.body as object) } }),
      },
    ]);
    const { user, router } = renderEdit();
    expect(await screen.findByRole('heading', { name: 'Editar regra de alerta' })).toBeVisible();
    expect(await screen.findByRole('textbox', named('Nome'))).toHaveValue('Timeout nos pedidos');
    await waitFor(() => expect(select('Grupo')).toHaveValue('Vendas'));
    await waitFor(() => expect(select('Flow')).toHaveValue('Pedidos'));
    expect(select('Origem')).toHaveValue('Campo do JSON da mensagem');
    expect(field('Campo do JSON')).toHaveValue('pedido.status');
    expect(field('Conteúdo')).toHaveValue('/time ?out/i');
    expect(select('Janela de captura')).toHaveValue('10 minutos');
    expect(select('Ação')).toHaveValue('Webhook');
    expect(select('Método')).toHaveValue('PUT');
    expect(field('URL')).toHaveValue('https://hooks.exemplo.com.br/alertas');

    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    await pick(user, select('Janela de captura'), '1 hora');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/alert-rules/r1')).toHaveLength(1));
    expect(sentBody(api.callsTo('PUT', '/api/v1/alert-rules/r1'))).toMatchObject({
      name: 'Timeout nos pedidos',
      group: 'g1',
      enabled: false,
      timewindow_seconds: 3600,
      match_log_type: 'message_json',
      match_log_json_field: 'pedido.status',
      flow_id: 'f1',
    });
    expect(api.callsTo('POST', '/api/v1/alert-rules')).toHaveLength(0);
    expect(await screen.findByText('A regra de alerta foi salva com sucesso!')).toBeVisible();
    expect(router.state.location.pathname).toBe('/alert-rules/edit/r1');

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alert-rules'));
  });

  it('shows a stored no-success time in hours when it is whole hours', async () => {
    setupEditor([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/r1',
        reply: {
          body: { ...timeoutRule, type: 'no_success', flow_id: 'f2', no_success_minutes: 1560 },
        },
      },
    ]);
    renderEdit();
    expect(await screen.findByRole('textbox', named('Sem sucesso há mais de'))).toHaveValue('26');
    expect(select('Unidade')).toHaveValue('horas');
  });

  it('loads a stuck execution rule with its minutes and flow', async () => {
    setupEditor([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/r1',
        reply: {
          body: { ...timeoutRule, type: 'stuck_execution', flow_id: 'f2', stuck_minutes: 30 },
        },
      },
    ]);
    renderEdit();
    expect(await screen.findByRole('textbox', named('Na fila há mais de'))).toHaveValue('30');
    await waitFor(() => expect(select('Flow')).toHaveValue('Importação noturna'));
    expect(select('Tipo')).toHaveValue('Execução sem worker');
  });

  it('asks before Cancelar drops a changed rule', async () => {
    const api = setupEditor();
    const { user, router } = renderEdit();
    expect(await screen.findByRole('textbox', named('Nome'))).toHaveValue('Timeout nos pedidos');
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await keepEditing(user);
    expect(screen.getByRole('switch', { name: 'Ativo' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await leaveWithoutSaving(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/alert-rules'));
    expect(api.callsTo('PUT', '/api/v1/alert-rules/r1')).toHaveLength(0);
  });
});

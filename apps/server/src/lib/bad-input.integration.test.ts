import { expect, it } from 'vitest';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../test/test-app';
import { chain, createFlow, executionsOf } from '../test/flow-fixtures';
import { describeEachDriver } from '../test/test-database';

const nul = '\u0000';
const q = encodeURIComponent(nul);

describeEachDriver('bad input', (driver) => {
  const t = useTestApp(driver);

  it('answers 400 with a pt-BR message for a NUL character in any text field, query or id', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const filters = (value: object) => encodeURIComponent(JSON.stringify(value));
    const cases: [string, () => ReturnType<typeof api.get>][] = [
      ['grupo (corpo)', () => api.post('/api/v1/groups', { name: `Vendas${nul}` })],
      ['grupo (busca)', () => api.get(`/api/v1/groups?query=a${q}`)],
      ['grupo (id)', () => api.get(`/api/v1/groups/a${q}`)],
      ['grupo (id, remoção)', () => api.delete(`/api/v1/groups/a${q}`)],
      [
        'variável',
        () => api.post('/api/v1/variables', { name: 'Chave', key: 'CHAVE', value: `x${nul}` }),
      ],
      ['variável (id)', () => api.put(`/api/v1/variables/${q}`, { name: 'a', key: 'A' })],
      ['flow (nome)', () => api.post('/api/v1/flows', { name: `Flow${nul}` })],
      [
        'flow (documento)',
        () =>
          api.post('/api/v1/flows', {
            name: 'Flow',
            data: chain(
              { type: 'core_manual_trigger' },
              { type: 'core_log', params: { label: 'L', message: `oi${nul}` } },
            ),
          }),
      ],
      [
        'flow (variáveis)',
        () => api.post('/api/v1/flows', { name: 'F', variables: [{ key: 'A', value: nul }] }),
      ],
      ['flows (grupo)', () => api.get(`/api/v1/flows?group=${q}`)],
      ['flows (id)', () => api.get(`/api/v1/flows/x${q}`)],
      ['usuário (perfil)', () => api.put('/api/v1/users/me', { name: `Ana${nul}` })],
      [
        'usuário (novo)',
        () =>
          api.post('/account/v1/users', {
            name: `Ana${nul}`,
            email: 'ana@exemplo.com.br',
            password: 'senha-longa-1',
          }),
      ],
      [
        'entrar',
        () =>
          t.request(null).post('/account/v1/authenticate', {
            email: `a${nul}@exemplo.com.br`,
            password: 'x',
          }),
      ],
      ['workspace', () => api.post('/account/v1/workspaces', { name: `W${nul}` })],
      [
        'logs (filtros)',
        () => api.get(`/api/v1/monitoring/logs?filters=${filters({ search: nul })}`),
      ],
      ['logs (flow)', () => api.get(`/api/v1/monitoring/logs?filters=${filters({ flow: nul })}`)],
      ['execução (id)', () => api.post(`/engine/flow/debugger/rerun/${q}`, {})],
      ['template (id)', () => api.get(`/account/v1/flow-template/${q}`)],
      ['manual trigger (id)', () => api.get(`/engine/flow/manual-trigger/${q}`)],
      ['webhook (id)', () => t.request(null).post(`/engine/webhook/${q}/caminho`, { a: 1 })],
      ['templates (busca)', () => api.get(`/account/v1/flow-templates?query=${q}`)],
    ];
    for (const [name, call] of cases) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const body = res.json() as { code: string; message: string };
      expect(body.code, name).toBe('validation_error');
      expect(body.message, name).toMatch(/caractere nulo/);
    }
  });

  it('refuses JSON nested deeper than the limit before the engine walks it', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_webhook_trigger', params: { method: 'POST', path: 'fundo' } },
        { type: 'core_log', params: { label: 'Corpo', message: '{{ msg.payload }}' } },
      ),
    );
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const post = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${account.token}`,
        },
        payload,
      });
    const webhook = `/engine/webhook/${flowId}/fundo`;
    const deep = await post(webhook, nested(20_000));
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json().message).toBe(messages.generic.tooDeep(limits.jsonDepthMax));
    const api = await post('/api/v1/groups', nested(20_000));
    expect(api.statusCode, api.body).toBe(400);
    expect(await executionsOf(t, flowId)).toHaveLength(0);

    // A raw body is content, not a field: a binary or text body with NUL is taken as sent.
    const raw = await t.app.inject({
      method: 'POST',
      url: webhook,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0x50, 0x4b, 0x00, 0x03, 0x00]),
    });
    expect(raw.statusCode, raw.body).toBeLessThan(300);

    // At the limit the body is taken as usual.
    const fine = await post(webhook, nested(limits.jsonDepthMax - 1));
    expect(fine.statusCode, fine.body).toBeLessThan(300);
  });

  it('refuses to enable a flow whose schedule or wait could never run as written', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const save = (enabled: boolean, data: object) =>
      api.post('/api/v1/flows', { name: 'Agenda', enabled, data });
    const schedule = (params: Record<string, unknown>) =>
      chain(
        { type: 'core_schedule_trigger', params, uid: 'agenda' },
        { type: 'core_log', params: { label: 'L', message: 'x' } },
      );
    for (const params of [{ cron: 'toda hora' }, { cron: '0 9 * * *', timezone: 'Marte/Olimpo' }]) {
      const res = await save(true, schedule(params));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { message: string; details: { field: string; message: string }[] };
      expect(body.message).toBe(messages.flows.invalidToEnable);
      expect(body.details[0]!.field).toBe('agenda');
      expect(body.details[0]!.message).toMatch(/^O conector "Agendamento": /);
      // A draft may still be kept disabled, as with any other invalid param.
      expect((await save(false, schedule(params))).statusCode).toBe(201);
    }
    const wait = (amount: unknown) =>
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_delay', params: { amount, unit: 's' }, uid: 'espera' },
      );
    const long = await save(true, wait(1e20));
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().details[0].message).toContain('no máximo 30 dias');
    expect((await save(true, wait(30))).statusCode).toBe(201);

    // Params beyond the size limit are refused even in a draft.
    const big = chain(
      { type: 'core_manual_trigger' },
      { type: 'core_log', params: { label: 'L', message: 'x'.repeat(limits.nodeParamsMaxBytes) } },
    );
    const large = await save(false, big);
    expect(large.statusCode, large.body).toBe(400);
    expect(large.json().message).toMatch(/passam do tamanho máximo de 256 KB/);
  });
});

import { expect, it } from 'vitest';
import { expressionPreviewSchema } from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import { chain, createFlow } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const document = chain({ type: 'core_manual_trigger' }, { type: 'core_log' });

describeEachDriver('expression preview', (driver) => {
  const t = useTestApp(driver);

  async function flowWithVariables() {
    const account = await t.createAccount();
    const api = t.request(account.token);
    for (const [key, value] of [
      ['API', 'do workspace'],
      ['REGIAO', 'sudeste'],
    ]) {
      const res = await api.post('/api/v1/variables', { name: key, key, value });
      expect(res.statusCode, res.body).toBe(201);
    }
    const flowId = await createFlow(t, account, document, false);
    const saved = await api.put(`/api/v1/flows/${flowId}`, {
      variables: [{ key: 'API', value: 'do flow' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { account, api, flowId };
  }

  const msg = { payload: { nome: 'Ana', itens: [{ preco: 10 }, { preco: 2.5 }] } };

  it('resolves each template as a run would: types kept, text joined, variables of the flow first', async () => {
    const { api, flowId } = await flowWithVariables();
    const res = await api.post('/engine/expressions/preview', {
      flow_id: flowId,
      msg,
      templates: [
        '{{ msg.payload.nome }}',
        'Olá, {{ msg.payload.nome }}! Total: {{ $sum(msg.payload.itens.preco) }}',
        '{{ $sum(msg.payload.itens.preco) }}',
        '{{ msg.payload.itens[0] }}',
        'sem expressão {{',
        '{{ vars.API }} / {{ vars.REGIAO }}',
        '{{ msg.payload.inexistente }}',
        '{{ $uppercase(flow.qualquer) }}',
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(expressionPreviewSchema.parse(res.json()).results).toEqual([
      { ok: true, value: 'Ana' },
      { ok: true, value: 'Olá, Ana! Total: 12.5' },
      { ok: true, value: 12.5 },
      { ok: true, value: { preco: 10 } },
      { ok: true, value: 'sem expressão {{' },
      { ok: true, value: 'do flow / sudeste' },
      { ok: true, value: null },
      { ok: true, value: null },
    ]);
  });

  it('answers each failure in pt-BR beside the values: JSONata errors, guarded functions, limits', async () => {
    const { api, flowId } = await flowWithVariables();
    const res = await api.post('/engine/expressions/preview', {
      flow_id: flowId,
      msg,
      templates: [
        '{{ msg.payload.nome + 1 }}',
        '{{ $sum(msg.payload.nome }}',
        '{{ $pad("x", 400000000) }}',
        '{{ $fromMillis(0, "[Y,400000000]") }}',
        '{{ msg.payload.nome }}',
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = expressionPreviewSchema.parse(res.json());
    expect(results).toEqual([
      {
        ok: false,
        error: 'T2001: O lado esquerdo do operador "+" deve resultar em um número (posição 18)',
      },
      { ok: false, error: 'S0203: Esperava ")" antes do fim da expressão (posição 21)' },
      { ok: false, error: 'A expressão excedeu a largura máxima de 100.000 caracteres.' },
      { ok: false, error: 'A expressão excedeu a largura máxima de 100.000 caracteres.' },
      { ok: true, value: 'Ana' },
    ]);
  });

  it("gives the templates the workspace's own holidays, as an execution has them", async () => {
    const { api, flowId } = await flowWithVariables();
    const saved = await api.post('/api/v1/holidays', {
      date: '2020-01-25',
      name: 'Aniversário da cidade',
      recurring: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const stranger = t.request((await t.createAccount()).token);
    await stranger.post('/api/v1/holidays', { date: '2027-02-09', name: 'Alheio' });
    const res = await api.post('/engine/expressions/preview', {
      flow_id: flowId,
      msg,
      // Monday 25 January 2027 is the workspace's yearly holiday; the 26th is a business day.
      templates: [
        '{{ $diaUtil("2027-01-25") }}',
        '{{ $proximoDiaUtil("2027-01-22") }}',
        '{{ $feriado("25/01/2027") }}',
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(expressionPreviewSchema.parse(res.json()).results).toEqual([
      { ok: true, value: false },
      { ok: true, value: '2027-01-26' },
      { ok: true, value: 'Aniversário da cidade' },
    ]);
  });

  it("does not preview over another workspace's flow", async () => {
    const { flowId } = await flowWithVariables();
    const stranger = t.request((await t.createAccount()).token);
    const res = await stranger.post('/engine/expressions/preview', {
      flow_id: flowId,
      msg,
      templates: ['{{ vars.API }}'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.flows.notFound);
    expect(res.body).not.toContain('do flow');
    const anonymous = await t.request(null).post('/engine/expressions/preview', {
      flow_id: flowId,
      msg,
      templates: ['{{ vars.API }}'],
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses too many templates, too long a template and too large a body', async () => {
    const { api, flowId } = await flowWithVariables();
    const body = (templates: string[], message: object = msg) => ({
      flow_id: flowId,
      msg: message,
      templates,
    });
    const many = await api.post(
      '/engine/expressions/preview',
      body(Array.from({ length: 101 }, () => '{{ 1 }}')),
    );
    expect(many.statusCode).toBe(400);
    const none = await api.post('/engine/expressions/preview', body([]));
    expect(none.statusCode).toBe(400);
    const long = await api.post(
      '/engine/expressions/preview',
      body([`{{ "${'a'.repeat(20_000)}" }}`]),
    );
    expect(long.statusCode).toBe(400);
    const large = await api.post(
      '/engine/expressions/preview',
      body(['{{ 1 }}'], { payload: 'x'.repeat(11 * 1024 * 1024) }),
    );
    expect(large.statusCode).toBe(413);
    const hundred = await api.post(
      '/engine/expressions/preview',
      body(Array.from({ length: 100 }, (_, index) => `{{ ${index} }}`)),
    );
    expect(hundred.statusCode).toBe(200);
    expect(expressionPreviewSchema.parse(hundred.json()).results.at(-1)).toEqual({
      ok: true,
      value: 99,
    });
  });
});

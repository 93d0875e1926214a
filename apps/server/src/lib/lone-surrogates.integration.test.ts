import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@ponte/shared/messages';
import { useTestApp, type TestAccount } from '../test/test-app';
import { chain, createFlow } from '../test/flow-fixtures';
import { field } from '../test/db-table-fixtures';
import { describeEachDriver } from '../test/test-database';
import { createConsumer, insertForm, submission } from '../modules/forms/form-fixtures';

/**
 * Half of a character (a lone UTF-16 surrogate) is refused like NUL, with the same answer, on
 * every route. JSON.stringify would write `'\ud800'` as its escape anyway: each body is sent as
 * the raw JSON text a client writes, the escape inside (`\\ud800` here is the six characters).
 */
const halves = ['\\ud800', '\\udc00', 'a\\udbffb', '\\udc00\\ud800'];
const nul = '\\u0000';
const whole = ['😀', '𝄞', '\\ud83d\\ude00'];

describeEachDriver('half characters', (driver) => {
  const t = useTestApp(driver);

  const send = (
    account: TestAccount | null,
    method: 'GET' | 'POST',
    url: string,
    json?: string,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(account ? { authorization: `Bearer ${account.token}` } : {}),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { payload: json }),
    });

  /** `call(text)` with each half character answers 400 exactly as with NUL; whole ones pass. */
  async function refusesHalves(
    name: string,
    call: (text: string) => Promise<LightMyRequestResponse>,
    accepted: (res: LightMyRequestResponse, text: string) => void | Promise<void>,
  ) {
    const withNul = await call(`x${nul}`);
    expect(withNul.statusCode, `${name}, NUL: ${withNul.body}`).toBe(400);
    for (const half of halves) {
      const res = await call(half);
      expect(res.statusCode, `${name}, ${half}: ${res.body}`).toBe(400);
      expect(res.json(), `${name}, ${half}`).toEqual(withNul.json());
    }
    for (const text of whole) {
      const res = await call(text);
      expect(res.statusCode, `${name}, ${text}: ${res.body}`).toBeLessThan(300);
      await accepted(res, text);
    }
  }

  /** The character the JSON escape `text` stands for. */
  const decoded = (text: string) => JSON.parse(`"${text}"`) as string;

  it('refuses them in a flow name, a variable value and a record, keeping emoji', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    await refusesHalves(
      'flow (nome)',
      (text) => send(account, 'POST', '/api/v1/flows', `{"name":"Flow ${text}"}`),
      async (res, text) => {
        const read = await api.get(`/api/v1/flows/${(res.json() as { _id: string })._id}`);
        expect(read.json().name).toBe(`Flow ${decoded(text)}`);
      },
    );
    let n = 0;
    await refusesHalves(
      'variável (valor)',
      (text) =>
        send(
          account,
          'POST',
          '/api/v1/variables',
          `{"name":"Chave ${++n}","key":"CHAVE_${n}","value":"${text}"}`,
        ),
      (res, text) => expect(res.json().value).toBe(decoded(text)),
    );
    const table = await api.post('/api/v1/db/tables', {
      name: 'Clientes',
      fields: [field('nome')],
    });
    expect(table.statusCode, table.body).toBe(201);
    const tableId = (table.json() as { _id: string })._id;
    await refusesHalves(
      'registro',
      (text) =>
        send(
          account,
          'POST',
          '/api/v1/db/entities',
          `{"table":"${tableId}","data":{"nome":"${text}"}}`,
        ),
      (res, text) => expect(res.json().data.nome).toBe(decoded(text)),
    );
    // A key of a JSON object is text too.
    const key = await send(
      account,
      'POST',
      '/api/v1/db/entities',
      `{"table":"${tableId}","data":{"\\ud800":"x"}}`,
    );
    expect(key.statusCode, key.body).toBe(400);
  });

  it('refuses them in the query string (JSON of the logs filter) and a webhook body', async () => {
    const account = await t.createAccount();
    await refusesHalves(
      'logs (filtros)',
      (text) =>
        send(
          account,
          'GET',
          `/api/v1/monitoring/logs?filters=${encodeURIComponent(`{"search":"${text}"}`)}`,
        ),
      (res) => expect(res.json().total).toBe(0),
    );
    const hook = await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'texto', response: 'last_node' },
        },
        { type: 'core_log', params: { label: 'Texto', message: '{{ msg.payload.texto }}' } },
      ),
    );
    await refusesHalves(
      'webhook (corpo JSON)',
      (text) => send(null, 'POST', `/engine/webhook/${hook}/texto`, `{"texto":"${text}"}`),
      (res, text) => expect(res.json()).toEqual({ texto: decoded(text) }),
    );
    const refused = await send(null, 'POST', `/engine/webhook/${hook}/texto`, '{"\\udc00":1}');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain(messages.generic.forbiddenCharacterIn('').slice(11));
  });

  it('refuses them in a public form submission, as a NUL is', async () => {
    const account = await t.createAccount();
    const formId = await insertForm(t, account);
    await createConsumer(t, account, formId, {
      type: 'core_log',
      params: { label: 'Nome', message: '{{ msg.payload.nome }}' },
    });
    await refusesHalves(
      'formulário (envio)',
      (text) => {
        const { payload, headers } = submission(`{"nome":"${text}"}`);
        return t.app.inject({
          method: 'POST',
          url: `/engine/forms/${formId}/submit`,
          headers,
          payload,
        });
      },
      (res) => expect(res.json()).toEqual({ outcome: 'sent' }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { resolveTemplate } from '../../../expressions/expressions';
import type { NrNode } from '../node-red-export';
import { contextFor } from '../test-context';
import { mapDebug, mapDelay } from './debug-delay';
import { mapHttpIn, mapHttpRequest, mapHttpResponse } from './http';
import { mapInject, repeatCron } from './inject';

describe('inject', () => {
  it('becomes a manual trigger and the values it injects', () => {
    const mapped = mapInject(
      contextFor({
        type: 'inject',
        name: 'Preços',
        payload: '[1,2]',
        payloadType: 'json',
        topic: 'frutas',
      }),
    );
    expect(mapped.nodes.map((node) => node.type)).toEqual(['core_manual_trigger', 'core_set']);
    expect(mapped.nodes[1]!.params.values).toEqual([
      { path: 'payload', value: [1, 2] },
      { path: 'topic', value: 'frutas' },
    ]);
    expect(mapped.status).toBe('translated');
  });

  it('repeats on a schedule; "once at start" is said', () => {
    expect(repeatCron(5)).toBe('*/5 * * * * *');
    expect(repeatCron(600)).toBe('0 */10 * * * *');
    expect(repeatCron(7200)).toBe('0 0 */2 * * *');
    expect(repeatCron(7)).toBeNull();
    const mapped = mapInject(
      contextFor({ type: 'inject', repeat: '', crontab: '00 12 * * 1', once: true }),
    );
    expect(mapped.nodes[0]).toMatchObject({
      type: 'core_schedule_trigger',
      params: { cron: '00 12 * * 1' },
    });
    expect(mapped.notes.join(' ')).toMatch(/uma vez ao iniciar/);
  });
});

describe('http in / http response / http request', () => {
  const response = { id: 'r1', type: 'http response' } as NrNode;

  it('http in: a webhook answered by the response node, msg.req and the GET query as payload', async () => {
    const mapped = mapHttpIn(
      contextFor({ type: 'http in', url: '/ola', method: 'get' }, [response]),
    );
    const [trigger, adapter] = mapped.nodes;
    expect(trigger).toMatchObject({
      type: 'core_webhook_trigger',
      params: { method: 'GET', path: 'ola', response: 'respond_node' },
    });
    const values = adapter!.params.values as { path: string; value: string }[];
    const msg = {
      payload: {},
      webhook: {
        method: 'GET',
        path: 'ola',
        params: {},
        headers: { a: '1' },
        query: { nome: 'Ana' },
      },
    };
    const data = { msg, flow: {}, vars: {} };
    expect(await resolveTemplate(values[0]!.value, data)).toMatchObject({
      query: { nome: 'Ana' },
      headers: { a: '1' },
      params: {},
    });
    expect(await resolveTemplate(values[1]!.value, data)).toEqual({ nome: 'Ana' });
    expect(mapped.status).toBe('translated');
  });

  it('http in without a response answers at once, and says so', () => {
    const mapped = mapHttpIn(contextFor({ type: 'http in', url: '/x', method: 'post' }));
    expect(mapped.nodes[0]!.params.response).toBe('immediate');
    expect(mapped.notes.join(' ')).toMatch(/202 na hora/);
  });

  it('http in: a path parameter :id becomes msg.req.params.id; Express-only forms are said', async () => {
    const mapped = mapHttpIn(
      contextFor({ type: 'http in', url: '/pedidos/:id', method: 'get' }, [response]),
    );
    expect(mapped.status).toBe('translated');
    expect(mapped.nodes[0]!.params.path).toBe('pedidos/:id');
    const values = mapped.nodes[1]!.params.values as { path: string; value: string }[];
    const msg = {
      payload: {},
      webhook: { method: 'GET', path: 'pedidos/42', params: { id: '42' }, headers: {}, query: {} },
    };
    const req = (await resolveTemplate(values[0]!.value, { msg, flow: {}, vars: {} })) as {
      params: unknown;
    };
    expect(req.params).toEqual({ id: '42' });

    const optional = mapHttpIn(
      contextFor({ type: 'http in', url: '/pedidos/:id?', method: 'get' }, [response]),
    );
    expect(optional.status).toBe('adapted');
    expect(optional.notes.join(' ')).toContain('":id?" ficou como texto fixo');
  });

  it('http response: the node’s status wins, else msg.statusCode', async () => {
    expect(
      mapHttpResponse(contextFor({ type: 'http response', statusCode: '201' })).nodes[0]!.params
        .status,
    ).toBe(201);
    const status = mapHttpResponse(contextFor({ type: 'http response', statusCode: '' })).nodes[0]!
      .params.status;
    expect(
      await resolveTemplate(String(status), { msg: { statusCode: '404' }, flow: {}, vars: {} }),
    ).toBe(404);
    expect(await resolveTemplate(String(status), { msg: {}, flow: {}, vars: {} })).toBe(200);
  });

  it('http request: mustache in the URL, and an account to pick for basic or bearer auth', () => {
    const mapped = mapHttpRequest(
      contextFor({
        type: 'http request',
        name: 'API',
        method: 'POST',
        url: 'https://api.exemplo/{{{payload.id}}}',
        ret: 'obj',
        authType: 'bearer',
      }),
    );
    expect(mapped.nodes[0]!.params).toMatchObject({
      method: 'POST',
      url: 'https://api.exemplo/{{ msg.payload.id }}',
      body: '{{ msg.payload }}',
      service_account: '',
    });
    expect(mapped.account).toMatchObject({
      account_type: 'bearer_token',
      node_uid: 'n1',
      key: 'n1',
    });
  });
});

describe('debug and delay', () => {
  it('debug logs the property it showed; an inactive debug is disabled', () => {
    expect(mapDebug(contextFor({ type: 'debug', complete: 'true' })).nodes[0]!.params.message).toBe(
      '{{ msg }}',
    );
    expect(
      mapDebug(contextFor({ type: 'debug', complete: 'payload.a' })).nodes[0]!.params.message,
    ).toBe('{{ msg.payload.a }}');
    expect(
      mapDebug(contextFor({ type: 'debug', complete: 'false', active: false })).nodes[0]!.disabled,
    ).toBe(true);
  });

  it('delay waits the same time; rate limits are placeholders', () => {
    expect(
      mapDelay(
        contextFor({ type: 'delay', pauseType: 'delay', timeout: '2', timeoutUnits: 'days' }),
      ).nodes[0]!.params,
    ).toEqual({ amount: 48, unit: 'h' });
    expect(mapDelay(contextFor({ type: 'delay', pauseType: 'rate', rate: '1' })).status).toBe(
      'not_translated',
    );
  });
});

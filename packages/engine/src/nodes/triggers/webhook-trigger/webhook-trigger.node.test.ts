import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import {
  checkWebhookAuth,
  literalSegments,
  matchWebhookPath,
  normaliseWebhookPath,
  safeEqual,
} from './webhook-auth';
import { webhookTriggerNode } from './webhook-trigger.node.ts';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('core_webhook_trigger', () => {
  it('lets anything in without auth', () => {
    expect(checkWebhookAuth({ auth: 'none' }, {})).toBe(true);
    expect(checkWebhookAuth({}, {})).toBe(true);
  });

  it('checks a header by name, ignoring the name case', () => {
    const params = { auth: 'header', auth_header_name: 'X-Token', auth_header_value: 's3gr3do' };
    expect(checkWebhookAuth(params, { 'x-token': 's3gr3do' })).toBe(true);
    expect(checkWebhookAuth(params, { 'x-token': 's3gr3d0' })).toBe(false);
    expect(checkWebhookAuth(params, { 'x-token': 's3gr3do-e-mais' })).toBe(false);
    expect(checkWebhookAuth(params, {})).toBe(false);
    expect(
      checkWebhookAuth({ auth: 'header', auth_header_value: 'abc' }, { authorization: 'abc' }),
    ).toBe(true);
  });

  it('checks basic auth user and password', () => {
    const params = { auth: 'basic', auth_username: 'ana', auth_password: 'p:a:ss' };
    expect(checkWebhookAuth(params, { authorization: basic('ana', 'p:a:ss') })).toBe(true);
    expect(checkWebhookAuth(params, { authorization: basic('ana', 'errada') })).toBe(false);
    expect(checkWebhookAuth(params, { authorization: basic('bia', 'p:a:ss') })).toBe(false);
    expect(checkWebhookAuth(params, { authorization: 'Bearer x' })).toBe(false);
  });

  it('refuses everything when auth is asked for but no secret is set', () => {
    expect(checkWebhookAuth({ auth: 'header', auth_header_value: '' }, { authorization: '' })).toBe(
      false,
    );
    expect(checkWebhookAuth({ auth: 'basic' }, { authorization: basic('', '') })).toBe(false);
    expect(checkWebhookAuth({ auth: 'desconhecida' }, {})).toBe(false);
  });

  it('compares secrets by content and length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abc\0')).toBe(false);
  });

  it('normalises paths and passes the request on as the message', async () => {
    expect(normaliseWebhookPath('/pedidos//novo/ ')).toBe('pedidos/novo');
    const input = {
      payload: { id: 1 },
      webhook: { method: 'POST', path: 'pedidos', headers: {}, query: {} },
    };
    const { emitted } = await runNode(webhookTriggerNode, { input, params: { path: 'pedidos' } });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
  });

  it('reads the :nome segments of the path, and matches the others as written', () => {
    expect(matchWebhookPath('pedidos/:id', '/pedidos/42/')).toEqual({ id: '42' });
    expect(matchWebhookPath('/lojas/:loja/pedidos/:id', 'lojas/sp-01/pedidos/A7')).toEqual({
      loja: 'sp-01',
      id: 'A7',
    });
    expect(matchWebhookPath('pedidos', 'pedidos')).toEqual({});
    expect(matchWebhookPath('pedidos/:id', 'pedidos')).toBeNull();
    expect(matchWebhookPath('pedidos/:id', 'pedidos/42/itens')).toBeNull();
    expect(matchWebhookPath('pedidos/:id', 'Pedidos/42')).toBeNull();
    // Not a parameter: a colon inside a segment, or a name that is not one.
    expect(matchWebhookPath('hora/10:30', 'hora/10:30')).toEqual({});
    expect(matchWebhookPath('x/:1', 'x/2')).toBeNull();
    // A name that is a property of every object is an ordinary key of the values.
    const values = matchWebhookPath('x/:__proto__', 'x/42')!;
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.keys(values)).toEqual(['__proto__']);
    expect(literalSegments('pedidos/:id')).toBe(1);
    expect(literalSegments('pedidos/novo')).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse, textResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { trelloConnector } from './trello.connector';
import { customFieldItem, trelloDate } from './trello-values';

// Calls and answers as Trello's REST reference documents them
// (https://developer.atlassian.com/cloud/trello/rest/api-group-cards/,
// https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/): the key and
// token in an `Authorization: OAuth …` header, refusals in plain text.
const auth = 'OAuth oauth_consumer_key="chave-app", oauth_token="token-membro"';

function trello(data: Record<string, unknown> = {}) {
  const ports = createFakePorts();
  ports.accounts.quadro = {
    _id: 'quadro',
    name: 'Trello da equipe',
    type: 'trello_oauth2',
    data: { access_token: 'token-membro', api_key: 'chave-app', ...data },
  };
  return ports;
}

const run = (ports: ReturnType<typeof trello>, params: Record<string, unknown>) =>
  runNode(trelloConnector, { ports, params: { service_account: 'quadro', ...params } });

const failure = (ports: ReturnType<typeof trello>, params: Record<string, unknown>) =>
  run(ports, params).then(
    () => new Error('não falhou'),
    (error: Error) => error,
  );

const lookup = (ports: ReturnType<typeof trello>, name: string, params = {}) =>
  trelloConnector.lookupOptions!(name, {
    accountId: 'quadro',
    params,
    ports,
    scope: { workspaceId: 'w1', flowId: '', executionId: '' },
    signal: new AbortController().signal,
  });

describe('svc_trello', () => {
  it('creates a card in a list with the due date in Brasília time, key and token in the header', async () => {
    const ports = trello();
    ports.httpHandler = () => jsonResponse(200, { id: 'C1', name: 'Pedido 42' });
    const { emitted } = await run(ports, {
      operation: 'create_card',
      board: 'B1',
      list: 'L1',
      name: 'Pedido 42',
      desc: 'Cliente: Ana',
      due: '31/12/2026 18:00',
      members: 'M1, M2',
      labels: '',
      comment: 'de outra operação',
    });
    const call = ports.httpCalls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe(
      'https://api.trello.com/1/cards?idList=L1&name=Pedido+42&desc=Cliente%3A+Ana&due=2026-12-31T21%3A00%3A00.000Z&idMembers=M1%2CM2',
    );
    expect(call.headers?.authorization).toBe(auth);
    expect(emitted[0]!.msg.payload).toEqual({ id: 'C1', name: 'Pedido 42' });
  });

  it('says an invalid list and an unreadable due date in pt-BR, naming the field', async () => {
    const ports = trello();
    ports.httpHandler = () => textResponse(400, 'invalid value for idList');
    expect((await failure(ports, { operation: 'create_card', list: 'x' })).message).toBe(
      'O Trello recusou a chamada: o valor de "Lista" não é válido (invalid value for idList).',
    );
    const late = await failure(ports, { operation: 'create_card', list: 'L1', due: '31/02/2026' });
    expect(late.message).toBe(
      '"Entrega" não é uma data válida: use DD/MM/AAAA, DD/MM/AAAA HH:MM ou ISO 8601 (recebido: 31/02/2026).',
    );
    expect(ports.httpCalls).toHaveLength(1);
  });

  it('updates only the fields given and says a card the member cannot see', async () => {
    const ports = trello();
    ports.httpHandler = () => jsonResponse(200, { id: 'C1', name: 'Novo' });
    await run(ports, { operation: 'update_card', card_id: 'C1', name: 'Novo', due: '2026-03-10' });
    expect(ports.httpCalls[0]!.method).toBe('PUT');
    expect(ports.httpCalls[0]!.url).toBe(
      'https://api.trello.com/1/cards/C1?name=Novo&due=2026-03-10T15%3A00%3A00.000Z',
    );
    ports.httpHandler = () => textResponse(401, 'unauthorized card permission requested');
    const error = await failure(ports, { operation: 'update_card', card_id: 'C9', name: 'x' });
    expect(error.message).toBe(
      'O Trello recusou a chamada: a conta não tem acesso ao cartão de "ID do cartão" (unauthorized card permission requested).',
    );
    // Trello's tokens do not renew: a 401 is said, not retried with another token.
    expect(ports.tokenRequests).toEqual([]);
    expect(ports.httpCalls).toHaveLength(2);
  });

  it('moves a card to a list of another board and says an invalid card id', async () => {
    const ports = trello();
    ports.httpHandler = () => jsonResponse(200, { id: 'C1', idList: 'L7', idBoard: 'B2' });
    const { emitted } = await run(ports, {
      operation: 'move_card',
      card_id: 'C1',
      board: 'B2',
      list: 'L7',
    });
    expect(ports.httpCalls[0]!.url).toBe('https://api.trello.com/1/cards/C1?idList=L7&idBoard=B2');
    expect(emitted[0]!.msg.payload).toMatchObject({ idList: 'L7' });
    ports.httpHandler = () => textResponse(400, 'invalid id');
    const error = await failure(ports, { operation: 'move_card', card_id: 'nada', list: 'L7' });
    expect(error.message).toBe(
      'O Trello recusou a chamada: um ID não é válido; confira "ID do cartão", "Lista" e "Campo personalizado" (invalid id).',
    );
  });

  it('comments on a card and says a revoked token', async () => {
    const ports = trello();
    ports.httpHandler = () => jsonResponse(200, { id: 'A1', type: 'commentCard' });
    await run(ports, { operation: 'comment_card', card_id: 'C1', comment: 'Pago às 10h' });
    expect(ports.httpCalls[0]!.method).toBe('POST');
    expect(ports.httpCalls[0]!.url).toBe(
      'https://api.trello.com/1/cards/C1/actions/comments?text=Pago+%C3%A0s+10h',
    );
    ports.httpHandler = () => textResponse(401, 'invalid token');
    const error = await failure(ports, { operation: 'comment_card', card_id: 'C1', comment: 'x' });
    expect(error.message).toBe(
      'O Trello recusou a chamada: a conta de serviço não está mais autorizada; abra a conta e clique em "Autorizar" de novo (invalid token).',
    );
    expect(error.message).not.toContain('token-membro');
  });

  it('sets a custom field with the value shape of its type and says a missing field', async () => {
    const ports = trello();
    ports.httpHandler = () => jsonResponse(200, { id: 'I1', idValue: 'O2' });
    await run(ports, {
      operation: 'set_custom_field',
      card_id: 'C1',
      board: 'B1',
      custom_field: 'F1',
      custom_field_type: 'list',
      custom_field_value: 'O2',
    });
    expect(ports.httpCalls[0]!.method).toBe('PUT');
    expect(ports.httpCalls[0]!.url).toBe('https://api.trello.com/1/cards/C1/customField/F1/item');
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({ idValue: 'O2' });
    ports.httpHandler = () => textResponse(404, 'The requested resource was not found.');
    const error = await failure(ports, {
      operation: 'set_custom_field',
      card_id: 'C1',
      custom_field: 'F9',
      custom_field_type: 'text',
      custom_field_value: 'x',
    });
    expect(error.message).toBe(
      'O Trello recusou a chamada: não encontrou o cartão, a lista ou o campo informado; confira "ID do cartão", "Lista" e "Campo personalizado" (The requested resource was not found.).',
    );
  });

  it('writes each custom field type as Trello documents it', () => {
    expect(customFieldItem('text', 'Alta')).toEqual({ value: { text: 'Alta' } });
    expect(customFieldItem('number', '1.234,50')).toEqual({ value: { number: '1234.50' } });
    expect(customFieldItem('date', '10/03/2026')).toEqual({
      value: { date: '2026-03-10T15:00:00.000Z' },
    });
    expect(customFieldItem('checkbox', 'sim')).toEqual({ value: { checked: 'true' } });
    expect(customFieldItem('checkbox', 'não')).toEqual({ value: { checked: 'false' } });
    expect(customFieldItem('text', '')).toEqual({ value: '' });
    expect(customFieldItem('list', '')).toEqual({ idValue: '' });
    expect(() => customFieldItem('number', 'doze')).toThrow(
      '"Valor do campo" de um campo numérico deve ser um número (recebido: doze).',
    );
    expect(trelloDate('2026-03-10T09:30:00-05:00', 'Entrega')).toBe('2026-03-10T14:30:00.000Z');
    expect(trelloDate('2026-03-10T09:30', 'Entrega')).toBe('2026-03-10T12:30:00.000Z');
    // Brasília still had summer time in 2018: the zone, not a fixed -03:00.
    expect(trelloDate('01/01/2018 10:00', 'Entrega')).toBe('2018-01-01T12:00:00.000Z');
  });

  it('reads a card with its custom field items and waits out a 429', async () => {
    const ports = trello();
    const times: number[] = [];
    ports.httpHandler = () => {
      times.push(ports.time);
      return times.length === 1
        ? textResponse(429, 'API_TOKEN_LIMIT_EXCEEDED', {
            'content-type': 'text/plain',
            'retry-after': '3',
          })
        : jsonResponse(200, { id: 'C1', customFieldItems: [] });
    };
    const { emitted } = await run(ports, { operation: 'get_card', card_id: 'C1' });
    expect(ports.httpCalls[1]!.url).toBe('https://api.trello.com/1/cards/C1?customFieldItems=true');
    expect(times[1]! - times[0]!).toBe(3_000);
    expect(emitted[0]!.msg.payload).toEqual({ id: 'C1', customFieldItems: [] });
  });

  it('lists the cards of a list in one call (Trello has no pages there)', async () => {
    const ports = trello({ api_url: 'http://127.0.0.9:8080/1' });
    ports.accounts.quadro!.configuredHosts = [];
    ports.httpHandler = () => jsonResponse(200, [{ id: 'C1' }, { id: 'C2' }]);
    const { emitted } = await run(ports, { operation: 'list_cards', board: 'B1', list: 'L1' });
    expect(ports.httpCalls.map((call) => call.url)).toEqual([
      'http://127.0.0.9:8080/1/lists/L1/cards',
    ]);
    expect(emitted[0]!.msg.payload).toEqual([{ id: 'C1' }, { id: 'C2' }]);
    expect(trelloConnector.manifest.params.return_all).toBeUndefined();
  });

  it('refuses an account authorised before its key was kept, before any call', async () => {
    const ports = trello({ api_key: undefined });
    const error = await failure(ports, { operation: 'get_card', card_id: 'C1' });
    expect(error.message).toBe(
      'A conta "Trello da equipe" ainda não foi autorizada no Trello (ou foi antes de o Ponte guardar a chave de API com o token): abra a conta e clique em "Autorizar".',
    );
    expect(ports.httpCalls).toEqual([]);
  });

  it('offers the boards, a board’s lists and its custom fields to the pickers', async () => {
    const ports = trello();
    ports.httpHandler = (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/1/members/me/boards')
        return jsonResponse(200, [{ id: 'B1', name: 'Pedidos' }]);
      if (path === '/1/boards/B1/lists') return jsonResponse(200, [{ id: 'L1', name: 'A fazer' }]);
      if (path === '/1/boards/B1/customFields')
        return jsonResponse(200, [
          { id: 'F1', name: 'Valor', type: 'number' },
          {
            id: 'F2',
            name: 'Prioridade',
            type: 'list',
            options: [
              { id: 'O1', value: { text: 'Alta' } },
              { id: 'O2', value: { text: 'Baixa' } },
            ],
          },
        ]);
      return textResponse(404, 'The requested resource was not found.');
    };
    expect(await lookup(ports, 'boards')).toEqual([{ value: 'B1', label: 'Pedidos' }]);
    expect(await lookup(ports, 'lists', { board: 'B1' })).toEqual([
      { value: 'L1', label: 'A fazer' },
    ]);
    expect(await lookup(ports, 'customFields', { board: 'B1' })).toEqual([
      { value: 'F1', label: 'Valor', description: 'Número' },
      {
        value: 'F2',
        label: 'Prioridade',
        description: 'Lista suspensa (ID da opção): Alta = O1; Baixa = O2',
      },
    ]);
    expect(ports.httpCalls.map((call) => call.url)).toEqual([
      'https://api.trello.com/1/members/me/boards?filter=open&fields=name',
      'https://api.trello.com/1/boards/B1/lists?filter=open&fields=name',
      'https://api.trello.com/1/boards/B1/customFields',
    ]);
    expect(ports.httpCalls[0]!.headers?.authorization).toBe(auth);
    await expect(lookup(ports, 'lists', {})).rejects.toThrow('Preencha "Quadro".');
    expect(trelloConnector.manifest.params.list).toMatchObject({
      lookup: { name: 'lists', dependsOn: ['board'] },
    });
  });
});

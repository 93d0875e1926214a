import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse, textResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { slackConnector } from './slack.connector';

// Answers as Slack's Web API documents them: https://api.slack.com/methods/chat.postMessage,
// https://api.slack.com/methods/chat.update, https://api.slack.com/messaging/files#uploading_files,
// https://api.slack.com/methods/conversations.list, https://api.slack.com/methods/users.list,
// https://api.slack.com/apis/pagination and https://api.slack.com/apis/rate-limits.
function workspace() {
  const ports = createFakePorts();
  ports.accounts.slack = {
    _id: 'slack',
    name: 'Slack da loja',
    type: 'slack_oauth2',
    data: { access_token: 'xoxb-1-segredo' },
  };
  return ports;
}
const scope = { workspaceId: 'w1', flowId: '', executionId: '' };
const run = (ports: ReturnType<typeof workspace>, params: Record<string, unknown>) =>
  runNode(slackConnector, { ports, params: { service_account: 'slack', ...params } });
const failure = (ports: ReturnType<typeof workspace>, params: Record<string, unknown>) =>
  run(ports, params).then(
    () => new Error('não falhou'),
    (error: Error) => error,
  );

describe('svc_slack', () => {
  it('posts a message with blocks as JSON, with the bot token, and gives the answer', async () => {
    const ports = workspace();
    ports.httpHandler = () =>
      jsonResponse(200, { ok: true, channel: 'C1', ts: '1700000000.000100', message: {} });
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Pedido 12* pago' } }];
    const { emitted } = await run(ports, {
      operation: 'post',
      channel: 'C1',
      text: 'Pedido 12 pago',
      blocks: JSON.stringify(blocks),
      ts: 'de outra operação',
    });
    const call = ports.httpCalls[0]!;
    expect(call.url).toBe('https://slack.com/api/chat.postMessage');
    expect(call.headers?.authorization).toBe('Bearer xoxb-1-segredo');
    expect(call.headers?.['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(String(call.body))).toEqual({
      channel: 'C1',
      text: 'Pedido 12 pago',
      blocks,
    });
    expect(emitted[0]!.msg.payload).toMatchObject({ ok: true, ts: '1700000000.000100' });
  });

  it('sends a direct message to the person picked when the channel is empty', async () => {
    const ports = workspace();
    ports.httpHandler = () => jsonResponse(200, { ok: true, channel: 'D1', ts: '1.2' });
    await run(ports, { operation: 'post', user: 'U123', text: 'Oi' });
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({ channel: 'U123', text: 'Oi' });
  });

  it('replies in a thread and updates a message', async () => {
    const ports = workspace();
    ports.httpHandler = () => jsonResponse(200, { ok: true, ts: '1.3' });
    await run(ports, {
      operation: 'reply',
      channel: 'C1',
      thread_ts: '1.2',
      text: 'Resposta',
      reply_broadcast: true,
    });
    await run(ports, { operation: 'update', channel: 'C1', ts: '1.2', text: 'Editado' });
    expect(ports.httpCalls.map((call) => [call.url, JSON.parse(String(call.body))])).toEqual([
      [
        'https://slack.com/api/chat.postMessage',
        { channel: 'C1', thread_ts: '1.2', text: 'Resposta', reply_broadcast: true },
      ],
      ['https://slack.com/api/chat.update', { channel: 'C1', ts: '1.2', text: 'Editado' }],
    ]);
  });

  it('maps refusals that come with 200 to pt-BR naming the field', async () => {
    const ports = workspace();
    const cases: [Record<string, unknown>, string][] = [
      [
        { ok: false, error: 'channel_not_found' },
        'O Slack recusou a chamada: o canal do campo "Canal" não existe ou o app não o vê (para um canal privado, convide o app).',
      ],
      [
        { ok: false, error: 'not_in_channel' },
        'O Slack recusou a chamada: o app não é membro do canal do campo "Canal" (convide-o no canal com /invite @nome-do-app).',
      ],
      [
        { ok: false, error: 'invalid_blocks' },
        'O Slack recusou a chamada: o campo "Blocos" tem blocos inválidos para o Block Kit.',
      ],
      [
        { ok: false, error: 'msg_too_long' },
        'O Slack recusou a chamada: o campo "Texto" passa do tamanho máximo de uma mensagem.',
      ],
      [
        { ok: false, error: 'no_text' },
        'O Slack recusou a chamada: informe o campo "Texto" ou o campo "Blocos".',
      ],
      [
        { ok: false, error: 'is_archived' },
        'O Slack recusou a chamada: o canal do campo "Canal" está arquivado.',
      ],
      [
        { ok: false, error: 'invalid_auth' },
        'O Slack recusou a chamada: o token da conta de serviço não vale mais (autorize a conta de novo).',
      ],
      [
        { ok: false, error: 'missing_scope', needed: 'chat:write', provided: 'channels:read' },
        'O Slack recusou a chamada: falta ao app a permissão (chat:write); adicione-a em OAuth & Permissions e autorize a conta de novo.',
      ],
      [{ ok: false, error: 'ratelimited_x' }, 'O Slack recusou a chamada: ratelimited_x.'],
    ];
    for (const [body, message] of cases) {
      ports.httpHandler = () => jsonResponse(200, body);
      const error = await failure(ports, { operation: 'post', channel: 'C1', text: 'Oi' });
      expect(error.message).toBe(message);
      expect((error as { details?: unknown }).details).toMatchObject({ status: 200, body });
    }
  });

  it('refuses blocks that are not a JSON list, before any call', async () => {
    const ports = workspace();
    expect((await failure(ports, { operation: 'post', channel: 'C1', blocks: '{' })).message).toBe(
      'Slack: o campo "Blocos" não é um JSON válido.',
    );
    expect(
      (await failure(ports, { operation: 'post', channel: 'C1', blocks: '{"a":1}' })).message,
    ).toBe('Slack: o campo "Blocos" deve ser uma lista de blocos (um array JSON).');
    expect(ports.httpCalls).toHaveLength(0);
  });

  it('waits the Retry-After of a 429 and tries again', async () => {
    const ports = workspace();
    const times: number[] = [];
    ports.httpHandler = () => {
      times.push(ports.time);
      return times.length === 1
        ? {
            ...jsonResponse(429, { ok: false, error: 'ratelimited' }),
            headers: { 'retry-after': '3', 'content-type': 'application/json' },
          }
        : jsonResponse(200, { ok: true, ts: '1.2' });
    };
    await run(ports, { operation: 'post', channel: 'C1', text: 'Oi' });
    expect(times[1]! - times[0]!).toBe(3_000);
  });

  it('uploads a file in three steps: the address, the bytes, the completion in the channel', async () => {
    const ports = workspace();
    ports.httpHandler = (request) => {
      if (request.url.endsWith('/files.getUploadURLExternal'))
        return jsonResponse(200, {
          ok: true,
          upload_url: 'https://files.slack.com/upload/v1/ABC123',
          file_id: 'F123',
        });
      if (request.url.startsWith('https://files.slack.com/')) return textResponse(200, 'OK - 11');
      return jsonResponse(200, { ok: true, files: [{ id: 'F123', title: 'Relatório' }] });
    };
    const { emitted } = await run(ports, {
      operation: 'upload',
      channel: 'C1',
      filename: 'relatorio.csv',
      content: 'a,b\nção,2\n',
      title: 'Relatório',
      initial_comment: 'Segue',
    });
    const [ask, bytes, complete] = ports.httpCalls;
    expect(ask!.url).toBe('https://slack.com/api/files.getUploadURLExternal');
    expect(Object.fromEntries(new URLSearchParams(String(ask!.body)))).toEqual({
      filename: 'relatorio.csv',
      length: '12',
    });
    expect(bytes!.url).toBe('https://files.slack.com/upload/v1/ABC123');
    expect(bytes!.body).toBe('a,b\nção,2\n');
    expect(complete!.url).toBe('https://slack.com/api/files.completeUploadExternal');
    expect(Object.fromEntries(new URLSearchParams(String(complete!.body)))).toEqual({
      files: '[{"id":"F123","title":"Relatório"}]',
      channel_id: 'C1',
      initial_comment: 'Segue',
    });
    expect(emitted[0]!.msg.payload).toEqual({
      ok: true,
      files: [{ id: 'F123', title: 'Relatório' }],
    });
  });

  it("fills the 'Canal' picker across three pages of conversations.list", async () => {
    const ports = workspace();
    ports.httpHandler = (request) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      const page = cursor ? Number(cursor.slice(-1)) : 1;
      return jsonResponse(200, {
        ok: true,
        channels: [{ id: `C${page}`, name: `canal-${page}`, is_private: page === 3 }],
        response_metadata: { next_cursor: page < 3 ? `dGVhbTpD${page + 1}` : '' },
      });
    };
    const options = await slackConnector.lookupOptions!('channels', {
      accountId: 'slack',
      params: {},
      ports,
      scope,
      signal: new AbortController().signal,
    });
    expect(options).toEqual([
      { value: 'C1', label: '#canal-1' },
      { value: 'C2', label: '#canal-2' },
      { value: 'C3', label: '🔒canal-3' },
    ]);
    const urls = ports.httpCalls.map((call) => new URL(call.url));
    expect(urls[0]!.pathname).toBe('/api/conversations.list');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      types: 'public_channel,private_channel',
      exclude_archived: 'true',
      limit: '200',
    });
    expect(urls.map((url) => url.searchParams.get('cursor'))).toEqual([
      null,
      'dGVhbTpD2',
      'dGVhbTpD3',
    ]);
  });

  it("fills the 'Usuário' picker with people only, across pages of users.list", async () => {
    const ports = workspace();
    ports.httpHandler = (request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return cursor
        ? jsonResponse(200, {
            ok: true,
            members: [
              { id: 'U2', name: 'bia', profile: { real_name: 'Bia Lima' } },
              { id: 'B1', name: 'robo', is_bot: true, profile: {} },
            ],
            response_metadata: { next_cursor: '' },
          })
        : jsonResponse(200, {
            ok: true,
            members: [
              { id: 'U1', name: 'ana', profile: { real_name: 'Ana Souza' } },
              { id: 'U9', name: 'saiu', deleted: true, profile: {} },
            ],
            response_metadata: { next_cursor: 'dXNlcjpVMg==' },
          });
    };
    const options = await slackConnector.lookupOptions!('users', {
      accountId: 'slack',
      params: {},
      ports,
      scope,
      signal: new AbortController().signal,
    });
    expect(options).toEqual([
      { value: 'U1', label: 'Ana Souza', description: '@ana' },
      { value: 'U2', label: 'Bia Lima', description: '@bia' },
    ]);
    expect(ports.httpCalls[1]!.url).toBe(
      'https://slack.com/api/users.list?limit=200&cursor=dXNlcjpVMg%3D%3D',
    );
  });
});

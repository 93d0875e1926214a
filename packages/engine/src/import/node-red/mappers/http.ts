import { isParameterSegment } from '../../../nodes/triggers/webhook-trigger/webhook-auth';
import { text } from '../node-red-export';
import { makeNode, single, type MapContext, type MappedNode } from '../mapped-node';
import { placeholder } from './placeholder';

const webhookMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `http in` → 'Webhook', then 'Definir valores' giving the message Node-RED's shape:
 * `msg.req` (query, headers, params, body) and, for GET, the query as payload.
 */
export function mapHttpIn(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const method = text(node.method).toUpperCase() || 'GET';
  const notes: string[] = [];
  const ponteMethod = webhookMethods.has(method) ? method : 'POST';
  if (ponteMethod !== method)
    notes.push(`O método ${method} não existe no Webhook do Ponte: ficou POST.`);
  const url = text(node.url);
  // Ponte's webhook reads a whole segment ':nome' (docs/adr/0139); Express's other forms not.
  const unread = url
    .split('/')
    .filter((segment) => /[:*?()]/.test(segment) && !isParameterSegment(segment));
  if (unread.length) {
    notes.push(
      `O Webhook do Ponte só lê como parâmetro um trecho inteiro ":nome"; ${unread.map((segment) => `"${segment}"`).join(', ')} ficou como texto fixo do caminho.`,
    );
  }
  if (node.upload === true) notes.push('O envio de arquivos (upload) não foi traduzido.');
  const responds = ctx.downstream(node.id).some((next) => next.type === 'http response');
  const trigger = makeNode(ctx, 'core_webhook_trigger', {
    method: ponteMethod,
    path: url.replace(/^\/+|\/+$/g, '') || 'raiz',
    auth: 'none',
    response: responds ? 'respond_node' : 'immediate',
  });
  const request =
    '{{ {"query": msg.webhook.query, "headers": msg.webhook.headers, "method": msg.webhook.method, "params": msg.webhook.params, "body": msg.payload} }}';
  const values: Record<string, unknown>[] = [{ path: 'req', value: request }];
  if (ponteMethod === 'GET') values.push({ path: 'payload', value: '{{ msg.webhook.query }}' });
  const adapter = makeNode(
    ctx,
    'core_set',
    { target: 'msg', values },
    { suffix: 'req', label: `${text(node.name).trim() || url} (msg.req)`, dx: 120 },
  );
  if (!responds)
    notes.push(
      'Sem "http response" adiante, o Webhook responde 202 na hora (o Node-RED não respondia).',
    );
  return {
    status: notes.length ? 'adapted' : 'translated',
    notes,
    nodes: [trigger, adapter],
    input: null,
    outputs: [{ uid: adapter.uid, output: 'default' }],
    errorFrom: [adapter.uid],
    edges: [{ source: trigger.uid, sourceOutput: 'default', target: adapter.uid }],
  };
}

/** `http response` → 'Responder webhook': the node's status wins, else msg.statusCode, else 200. */
export function mapHttpResponse(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const fixed = Number(text(node.statusCode));
  const status =
    Number.isInteger(fixed) && fixed >= 100 && fixed <= 599
      ? fixed
      : '{{ $exists(msg.statusCode) ? $number(msg.statusCode) : 200 }}';
  const headers = Object.entries(
    node.headers && typeof node.headers === 'object'
      ? (node.headers as Record<string, unknown>)
      : {},
  ).map(([key, value]) => ({ key, value: text(value) }));
  const notes = [
    'Cabeçalhos vindos de msg.headers e cookies (msg.cookies) não são enviados: só os do nó.',
  ];
  const ponte = makeNode(ctx, 'core_respond_webhook', {
    status,
    headers,
    body: '{{ msg.payload }}',
  });
  return single(ctx, ponte, 'adapted', notes, 0);
}

const accountTypes: Record<string, string> = {
  basic: 'http_basic',
  digest: 'http_basic',
  bearer: 'bearer_token',
};

/** Node-RED's `{{{prop}}}` / `{{prop}}` in a URL as Ponte expressions over msg. */
export function urlTemplate(url: string): string {
  return url.replace(/\{\{\{?\s*([\w.$[\]]+)\s*\}?\}\}/g, (_all, path: string) =>
    path.startsWith('flow.') || path.startsWith('global.')
      ? `{{ ${path.startsWith('global.') ? `flow.${path}` : path} }}`
      : `{{ msg.${path} }}`,
  );
}

/** `http request` → 'Requisição HTTP'; basic/digest/bearer auth → a service account to pick. */
export function mapHttpRequest(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const method = text(node.method).toUpperCase() || 'GET';
  if (method !== 'USE' && !['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].includes(method))
    return placeholder(ctx, `O método ${method} não existe na Requisição HTTP do Ponte.`);
  const url = text(node.url) ? urlTemplate(text(node.url)) : '{{ msg.url }}';
  const notes = [
    'O status e os cabeçalhos da resposta ficam em msg.http.status e msg.http.headers (no Node-RED, msg.statusCode e msg.headers).',
  ];
  const ret = text(node.ret) || 'txt';
  if (ret === 'txt')
    notes.push('Uma resposta JSON chega como objeto (no Node-RED, como texto ao pedir "texto").');
  if (ret === 'bin')
    notes.push('Uma resposta binária chega como {encoding: "base64", data} (no Node-RED, Buffer).');
  if (method === 'USE') notes.push('O método vem de msg.method.');
  const sendsBody = method !== 'GET' && method !== 'HEAD';
  const params: Record<string, unknown> = {
    method: method === 'USE' ? '{{ msg.method }}' : method,
    url,
    headers: [],
    query: [],
    body_type: sendsBody ? 'json' : 'none',
    ...(sendsBody ? { body: '{{ msg.payload }}' } : {}),
    service_account: '',
  };
  if (text(node.paytoqs) === 'query' || text(node.paytoqs) === 'true')
    notes.push('msg.payload não é posto na query string: escreva os parâmetros na tabela.');
  const ponte = makeNode(ctx, 'core_http_request', params);
  const mapped = single(ctx, ponte, 'adapted', notes);
  const authType = text(node.authType);
  const accountType = accountTypes[authType];
  if (accountType) {
    if (authType === 'digest')
      notes.push('A autenticação digest virou uma conta básica (usuário e senha).');
    mapped.account = {
      key: node.id,
      original_name: `${text(node.name).trim() || 'http request'} (${authType})`,
      original_type: `http request: ${authType}`,
      account_type: accountType,
      node_uid: ponte.uid,
    };
  }
  return mapped;
}

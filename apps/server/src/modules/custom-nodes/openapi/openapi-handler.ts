/** Where a param's value goes in the request. `corpo`: the whole body. */
export type ValuePlace = 'path' | 'query' | 'header' | 'body' | 'corpo';

/** One param an operation sends: the connector's param, where it goes, under which name. */
export interface HandlerParam {
  param: string;
  in: ValuePlace;
  name: string;
  /** A text holding JSON (an object, array, or a non-text enum) parsed before it is sent. */
  json?: true;
}

/** A row of the generated handler's table of operations. */
export interface HandlerOperation {
  method: string;
  path: string;
  label: string;
  body?: 'json' | 'form' | 'text';
  contentType?: string;
  params: HandlerParam[];
}

/** An apiKey of the document: the param naming the variable that holds it, and where it goes. */
export interface HandlerKey {
  param: string;
  in: 'header' | 'query' | 'cookie';
  name: string;
}

export interface HandlerSource {
  title: string;
  version: string;
  spec: string;
  operations: Record<string, HandlerOperation>;
  keys: HandlerKey[];
  /** The service-account param, when the document has schemes an account can sign. */
  account?: string;
}

/** The table as readable JavaScript: one operation per block, one param per line. */
function table(operations: Record<string, HandlerOperation>): string {
  const rows = Object.entries(operations).map(([id, { params, ...rest }]) => {
    const head = JSON.stringify(rest).slice(1, -1).replace(/,"/g, ', "');
    const lines = params.map((param) => `      ${JSON.stringify(param).replace(/,"/g, ', "')},`);
    return `  ${JSON.stringify(id)}: {\n    ${head},\n    params: [\n${lines.join('\n')}\n    ],\n  },`;
  });
  return `{\n${rows.join('\n')}\n}`;
}

/** What every generated handler shares after its tables (readable JavaScript, in pt-BR). */
const runtime = `function lerJson(valor) {
  if (typeof valor !== 'string') return valor;
  try {
    return JSON.parse(valor);
  } catch {
    return valor;
  }
}

/** Um objeto como campos de formulário: a[b]=1, a[0]=x. */
function campos(prefixo, valor, lista) {
  if (valor !== null && typeof valor === 'object') {
    for (const [chave, item] of Object.entries(valor)) campos(prefixo + '[' + chave + ']', item, lista);
  } else if (valor !== undefined) {
    lista.push(encodeURIComponent(prefixo) + '=' + encodeURIComponent(String(valor)));
  }
  return lista;
}

function mensagemDaApi(data) {
  if (data && typeof data === 'object') {
    const erro = data.error && typeof data.error === 'object' ? data.error : data;
    const primeiro = Array.isArray(data.errors) ? data.errors[0] : undefined;
    const texto = erro.message ?? erro.detail ?? erro.description ?? data.error ??
      (primeiro && (primeiro.message ?? primeiro.description ?? primeiro.detail)) ?? data.title;
    if (typeof texto === 'string' && texto) return texto;
    return JSON.stringify(data).slice(0, 300);
  }
  return String(data ?? '').slice(0, 300);
}

async function handler(msg, params) {
  const operacao = operacoes[params.operacao];
  if (!operacao) throw new Error('Escolha uma das operações do conector no parâmetro "Operação".');
  let caminho = operacao.path;
  const query = [];
  const headers = {};
  let corpo;
  for (const item of operacao.params) {
    let valor = params[item.param];
    if (valor === undefined || valor === null || valor === '') continue;
    if (item.json) valor = lerJson(valor);
    if (item.in === 'path') {
      caminho = caminho.split('{' + item.name + '}').join(encodeURIComponent(String(valor)));
    } else if (item.in === 'query') {
      for (const um of Array.isArray(valor) ? valor : [valor])
        query.push(encodeURIComponent(item.name) + '=' +
          encodeURIComponent(typeof um === 'object' ? JSON.stringify(um) : String(um)));
    } else if (item.in === 'header') {
      headers[item.name] = String(valor);
    } else if (item.in === 'body') {
      corpo = { ...(corpo ?? {}), [item.name]: valor };
    } else {
      corpo = valor;
    }
  }
  for (const chave of chaves) {
    const variavel = params[chave.param];
    if (!variavel) continue;
    const valor = await getVar(variavel);
    if (valor === undefined || valor === null || valor === '')
      throw new Error('A variável "' + variavel + '" com a chave da API não existe ou está vazia.');
    if (chave.in === 'query') query.push(encodeURIComponent(chave.name) + '=' + encodeURIComponent(String(valor)));
    else if (chave.in === 'cookie') headers.cookie = chave.name + '=' + String(valor);
    else headers[chave.name] = String(valor);
  }
  let data;
  if (corpo !== undefined && operacao.body) {
    headers['content-type'] = operacao.contentType;
    if (operacao.body === 'json') data = JSON.stringify(corpo);
    else if (operacao.body === 'form')
      data = typeof corpo === 'object' ? Object.entries(corpo).flatMap(([k, v]) => campos(k, v, [])).join('&') : String(corpo);
    else data = typeof corpo === 'string' ? corpo : JSON.stringify(corpo);
  }
  const conta = parametroConta && params[parametroConta] ? serviceAccount(parametroConta) : null;
  const base = String(params.url_base ?? '').replace(/\\/+$/, '');
  if (!base && !conta)
    throw new Error('Informe a "URL da API" ou escolha uma conta de serviço que tenha a URL.');
  // Sem URL da API, o caminho é relativo ao 'URL' da conta de serviço escolhida.
  const url = (base ? base + caminho : caminho.replace(/^\\//, '')) + (query.length ? '?' + query.join('&') : '');
  const cliente = conta ?? axios;
  const resposta = await cliente.request({
    method: operacao.method,
    url,
    headers,
    data,
    validateStatus: () => true,
  });
  if (resposta.status >= 400)
    throw new Error('A API respondeu ' + resposta.status + ' em "' + operacao.label + '": ' + mensagemDaApi(resposta.data));
  return { ...msg, payload: resposta.data, http: { status: resposta.status } };
}
`;

const comment = (text: string) => text.replace(/\*\//g, '* /').replace(/\s+/g, ' ').trim();

/**
 * The handler of a connector generated from an OpenAPI document (docs/adr/0137): a table of the
 * operations and one function that builds the request of the picked one and sends it, with the
 * service account when one is picked, else with plain axios (both through the network guard).
 * A person may edit it like any other handler.
 */
export function handlerCode(source: HandlerSource): string {
  const account = source.account ? JSON.stringify(source.account) : 'null';
  return `// Gerado do documento ${comment(source.spec)} "${comment(source.title)}" (versão ${comment(source.version)}).
// Cada operação da tabela abaixo é uma opção do parâmetro "Operação". Pode ser editado.

/** Operação → método, caminho, corpo e os parâmetros que ela envia (param: nome em params). */
const operacoes = ${table(source.operations)};

/** Chaves de API lidas de variáveis: o parâmetro com o nome da variável e onde a chave vai. */
const chaves = ${JSON.stringify(source.keys)};

/** O parâmetro de conta de serviço (null: o documento não tem esquema que uma conta assine). */
const parametroConta = ${account};

${runtime}`;
}

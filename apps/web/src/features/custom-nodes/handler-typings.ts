import type { CustomNodeParam, CustomNodeParamType } from '@ponte/shared/custom-nodes.schema';
import { customNodeParamTypeLabels } from './custom-node-param-labels';

/**
 * What the handler's editor knows beyond the code node's sandbox typings (`sandboxTypings`,
 * which every JavaScript editor already has): the connector's `params`, typed from the param
 * list being edited, and `serviceAccount(name)`. Only the connector editor adds these, while
 * it is open (see `handler-typings-monaco.ts`).
 */

/** The TypeScript type of each param's value as the handler receives it. */
const valueTypes: Record<CustomNodeParamType, (param: CustomNodeParam) => string> = {
  // Text may hold {{ }} expressions, which resolve to any JSON value.
  text: () => 'any',
  textarea: () => 'any',
  select: (param) =>
    param.options.length
      ? param.options.map((option) => JSON.stringify(option.value)).join(' | ')
      : 'string',
  'code-editor': () => 'string',
  'table-params': (param) => {
    const keys = param.columns
      .filter((column) => identifier.test(column.key))
      .map((column) => `${column.key}: any;`);
    return `Array<{ ${keys.join(' ')} }>`;
  },
  // The account's _id; the handler uses it through serviceAccount('<nome>').
  service_account: () => 'string',
  number: () => 'number',
  boolean: () => 'boolean',
};

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A label as text inside a doc comment (it cannot close the comment). */
const commentText = (text: string) => text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim();

function paramLine(param: CustomNodeParam): string {
  const kind = customNodeParamTypeLabels[param.type];
  const label = commentText(param.label) || param.name;
  const required = param.is_required ? ', obrigatório' : '';
  const optional = param.is_required ? '' : '?';
  return `  /** ${label} (${kind}${required}). */\n  ${param.name}${optional}: ${valueTypes[param.type](param)};`;
}

/** The params the typings can name: valid identifiers, the first of each name. */
function nameableParams(params: CustomNodeParam[]): CustomNodeParam[] {
  const seen = new Set<string>();
  return [...params]
    .sort((a, b) => a.position - b.position)
    .filter((param) => {
      if (!identifier.test(param.name) || seen.has(param.name)) return false;
      seen.add(param.name);
      return true;
    });
}

/** The declarations for a connector with these params (pt-BR doc comments, as Monaco shows them). */
export function handlerTypings(params: CustomNodeParam[]): string {
  const named = nameableParams(params);
  const accounts = named.filter((param) => param.type === 'service_account');
  const accountName = accounts.length
    ? accounts.map((param) => JSON.stringify(param.name)).join(' | ')
    : 'string';
  return `
/**
 * Os parâmetros deste conector, preenchidos no painel do conector no fluxo (as expressões {{ }}
 * já resolvidas). Cada parâmetro é lido pelo seu nome: params.nome.
 */
interface PonteConnectorParams {
${named.map(paramLine).join('\n')}
}

/**
 * O handler do conector: recebe a mensagem e os parâmetros. O que ele retornar segue para o
 * próximo conector: um objeto vira a nova mensagem, outro valor vira msg.payload e, sem return,
 * msg segue como está.
 * @example async function handler(msg, params) { return { ...msg, payload: params }; }
 */
type PonteConnectorHandler = (msg: PonteMessage, params: PonteConnectorParams) => unknown;

/**
 * Os parâmetros deste conector (o segundo argumento de handler(msg, params)).
 * @example params.${named[0]?.name ?? 'nome'}
 */
declare const params: PonteConnectorParams;

/**
 * Um cliente axios autenticado com a conta de serviço escolhida no painel do conector, no
 * parâmetro do tipo Conta de serviço com este nome. A chave ou senha da conta nunca chega ao
 * código: a autenticação é feita no servidor. Uma URL relativa usa a URL base da conta.
 * @param name o nome do parâmetro do tipo Conta de serviço
 * @example const { data } = await serviceAccount('${accounts[0]?.name ?? 'conta'}').get('/clientes');
 */
declare function serviceAccount(name: ${accountName}): AxiosInstance;
`;
}

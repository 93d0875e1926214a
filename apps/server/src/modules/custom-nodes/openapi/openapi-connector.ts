import type { CustomNodeBodyInput, CustomNodeParamInput } from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../../lib/app-error';
import { errorCodes } from '@ponte/shared/errors';
import type { OperationDetail, ReadDocument } from './openapi-document';
import {
  handlerCode,
  type HandlerKey,
  type HandlerOperation,
  type HandlerParam,
} from './openapi-handler';
import { fieldOf, flatSchema, paramNameOf, type Field } from './openapi-params';

const m = messages.customNodesOpenApi;

/** The params every generated connector may have before the operations' own. */
const reserved = ['operacao', 'conta', 'url_base'];

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** How an operation is named in the select and in errors: its summary, else `METHOD /path`. */
export const operationLabel = (op: OperationDetail) =>
  cut(`${op.summary || `${op.method} ${op.path}`}${op.deprecated ? ' (obsoleta)' : ''}`, 500);

/** A value the operation sends, with its field, before names are given. */
interface Wanted {
  place: HandlerParam['in'];
  name: string;
  field: Field;
}

function wantedOf(op: OperationDetail): Wanted[] {
  const wanted: Wanted[] = op.params.map((param) => ({
    place: param.in,
    name: param.name,
    field: fieldOf(param.schema, {
      label: param.in === 'header' ? `${param.name} (cabeçalho)` : param.name,
      required: param.required,
      description: param.description,
    }),
  }));
  if (!op.body) return wanted;
  const schema = flatSchema(op.body.schema);
  const properties = Object.entries(schema.properties ?? {}).filter(([, s]) => !s.readOnly);
  if (op.body.kind !== 'text' && properties.length) {
    const required = new Set(schema.required ?? []);
    for (const [name, property] of properties)
      wanted.push({
        place: 'body',
        name,
        field: fieldOf(property, {
          label: name,
          // Many documents leave the body itself optional but mark the fields it needs.
          required: required.has(name),
          description: '',
        }),
      });
  } else {
    const field = fieldOf(op.body.kind === 'json' ? { type: 'object' } : { type: 'string' }, {
      label: 'Corpo da requisição',
      required: op.body.required,
      description: op.body.description,
    });
    wanted.push({
      place: 'corpo',
      name: 'corpo',
      field: { ...field, json: op.body.kind === 'json' },
    });
  }
  return wanted;
}

/** What makes two operations' values one param: same place, name and field (required aside). */
const shapeKey = ({ place, name, field }: Wanted) =>
  JSON.stringify([place, name, field.type, field.options ?? [], field.json]);

interface Built {
  params: CustomNodeParamInput[];
  operations: Record<string, HandlerOperation>;
}

/** The operations' params, one per distinct value, each shown only for the operations that use it. */
function operationParams(ops: OperationDetail[], start: number): Built {
  const byKey = new Map<string, CustomNodeParamInput & { show_when: { operacao: string[] } }>();
  const taken = new Set(reserved);
  const operations: Record<string, HandlerOperation> = {};
  for (const op of ops) {
    const sent: HandlerParam[] = [];
    for (const wanted of wantedOf(op)) {
      const key = shapeKey(wanted);
      let param = byKey.get(key);
      const { json, ...field } = wanted.field;
      if (param) {
        param.show_when.operacao.push(op.id);
        param.is_required = param.is_required && field.is_required;
      } else {
        const base = paramNameOf(wanted.name);
        let name = base;
        for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
        taken.add(name);
        param = { ...field, name, position: start + byKey.size, show_when: { operacao: [op.id] } };
        byKey.set(key, param);
      }
      sent.push({
        param: param.name!,
        in: wanted.place,
        name: wanted.name,
        ...(json ? { json } : {}),
      });
    }
    operations[op.id] = {
      method: op.method,
      path: op.path,
      label: operationLabel(op),
      ...(op.body ? { body: op.body.kind, contentType: op.body.contentType } : {}),
      params: sent,
    };
  }
  return { params: [...byKey.values()], operations };
}

export interface BuildOptions {
  name?: string | undefined;
  /** The address the document was read from: relative server URLs are resolved against it. */
  sourceUrl?: string | undefined;
}

function baseUrlParam(servers: string[], sourceUrl?: string): CustomNodeParamInput {
  const resolved = servers.map((server) => {
    try {
      return sourceUrl ? new URL(server, sourceUrl).toString().replace(/\/$/, '') : server;
    } catch {
      return server;
    }
  });
  const others = resolved.slice(1);
  return {
    name: 'url_base',
    label: 'URL da API',
    type: 'text',
    default_value: cut(resolved[0] ?? '', limits.customNodeParamTextMax),
    description: cut(
      `Endereço base das requisições. Vazio: o URL da conta de serviço escolhida.${
        others.length ? ` Outros servidores do documento: ${others.join(', ')}.` : ''
      }`,
      limits.customNodeDescriptionMax,
    ),
  };
}

/** The account param and the apiKey variables of the document's security schemes. */
function securityParams(read: ReadDocument) {
  const accepts = [...new Set(read.summary.security.flatMap((scheme) => scheme.account_types))];
  const params: CustomNodeParamInput[] = [];
  const keys: HandlerKey[] = [];
  if (accepts.length)
    params.push({
      name: 'conta',
      label: 'Conta de serviço',
      type: 'service_account',
      accepts,
      description: 'A conta que assina as requisições. Vazio: a requisição vai sem credencial.',
    });
  for (const scheme of read.summary.security) {
    if (scheme.type !== 'apiKey' || !scheme.param_name) continue;
    const name = `chave_${paramNameOf(scheme.name)}`.slice(0, limits.customNodeParamNameMax);
    const where =
      scheme.in === 'query' ? 'na query' : scheme.in === 'cookie' ? 'no cookie' : 'no cabeçalho';
    params.push({
      name,
      label: cut(`Variável com a chave "${scheme.param_name}"`, 500),
      type: 'text',
      description: `Nome da variável (do fluxo, do espaço de trabalho ou do sistema) que guarda a chave da API; ela vai ${where} "${scheme.param_name}".`,
    });
    keys.push({
      param: name,
      in: (scheme.in ?? 'header') as HandlerKey['in'],
      name: scheme.param_name,
    });
  }
  return { params, keys, account: accepts.length ? 'conta' : undefined };
}

const refuse = (message: string) => new AppError(400, errorCodes.validation, message);

/** The picked operations, in the document's order; refuses none, too many or unknown ones. */
function pickedOperations(read: ReadDocument, ids: string[]): OperationDetail[] {
  if (!ids.length) throw refuse(m.pickOperations);
  const unknown = ids.find((id) => !read.operations.some((op) => op.id === id));
  if (unknown !== undefined) throw refuse(m.unknownOperation(unknown));
  if (new Set(ids).size > limits.customNodeParamOptionsMax)
    throw refuse(m.tooManyOperations(limits.customNodeParamOptionsMax));
  return read.operations.filter((op) => ids.includes(op.id));
}

/**
 * A custom connector's body from a read document and the picked operation ids (docs/adr/0137):
 * an `operacao` select, the account, the base URL and the apiKey variables, then every
 * operation's params shown only for it, and a handler holding the table of operations.
 */
export function buildConnector(
  read: ReadDocument,
  ids: string[],
  options: BuildOptions = {},
): CustomNodeBodyInput {
  const ops = pickedOperations(read, ids);
  const security = securityParams(read);
  const head: CustomNodeParamInput[] = [
    {
      name: 'operacao',
      label: 'Operação',
      type: 'select',
      is_required: true,
      default_value: ops[0]!.id,
      options: ops.map((op) => ({ label: operationLabel(op), value: op.id })),
    },
    ...security.params,
    baseUrlParam(read.summary.servers, options.sourceUrl),
  ];
  const built = operationParams(ops, head.length);
  const total = head.length + built.params.length;
  if (total > limits.customNodeParamsMax) {
    let keep = ops.length - 1;
    while (
      keep > 1 &&
      head.length + operationParams(ops.slice(0, keep), 0).params.length >
        limits.customNodeParamsMax
    )
      keep -= 1;
    throw refuse(m.tooManyParams(total, limits.customNodeParamsMax, ops.length - keep));
  }
  const { title, version, spec, description } = read.summary;
  const code = handlerCode({
    title,
    version,
    spec,
    operations: built.operations,
    keys: security.keys,
    ...(security.account ? { account: security.account } : {}),
  });
  if (code.length > limits.customNodeCodeMax) throw refuse(m.codeTooLong);
  const about = description.split(/\n\s*\n/)[0]?.trim() ?? '';
  return {
    name: cut(options.name?.trim() || title || 'Conector OpenAPI', limits.customNodeNameMax),
    service_name: cut(title, limits.customNodeNameMax),
    description: cut(
      about || `Operações da API ${title || ''} geradas do documento ${spec}.`.replace('  ', ' '),
      limits.customNodeDescriptionMax,
    ),
    execution_type: 'custom_code',
    code_execution_content: code,
    params: [...head, ...built.params].map((param, position) => ({ ...param, position })),
  };
}

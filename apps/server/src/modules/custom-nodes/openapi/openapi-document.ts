import { parse as parseYaml } from 'yaml';
import type {
  OpenApiOperation,
  OpenApiSecurityScheme,
  OpenApiSummary,
} from '@ponte/shared/custom-nodes-openapi.schema';
import { messages } from '@ponte/shared/messages';
import { accountTypesOf } from './openapi-security';

const m = messages.customNodesOpenApi;

/** A JSON Schema as found in a dereferenced document (only what the generator reads). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  description?: string;
  title?: string;
  default?: unknown;
  readOnly?: boolean;
}

export type ParamPlace = 'path' | 'query' | 'header';

/** A path, query or header parameter of an operation. */
export interface RawParam {
  in: ParamPlace;
  name: string;
  required: boolean;
  description: string;
  schema: Schema;
}

/** How an operation sends its body: JSON, a form (urlencoded), or text of another type. */
export interface RawBody {
  kind: 'json' | 'form' | 'text';
  contentType: string;
  required: boolean;
  description: string;
  schema: Schema;
}

export interface OperationDetail extends OpenApiOperation {
  params: RawParam[];
  body?: RawBody;
}

/** A document read: what the modal lists, and each operation's details for the generator. */
export interface ReadDocument {
  summary: OpenApiSummary;
  operations: OperationDetail[];
}

type Obj = Record<string, unknown>;
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** JSON or YAML text to an object; refuses anything else in pt-BR. */
export function parseDocumentText(text: string): Obj {
  let parsed: unknown;
  try {
    parsed = /^\s*[{[]/.test(text) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 1000 });
  } catch {
    throw new Error(m.unreadable);
  }
  if (!isObj(parsed)) throw new Error(m.unreadable);
  if (!str(parsed.openapi).startsWith('3.') && str(parsed.swagger) !== '2.0')
    throw new Error(m.notOpenApi);
  return parsed;
}

/** The first `$ref` that points outside the document (another file or address), if any. */
export function externalRef(node: unknown, seen = new Set<unknown>()): string | undefined {
  if (typeof node !== 'object' || node === null || seen.has(node)) return undefined;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = externalRef(item, seen);
      if (found) return found;
    }
    return undefined;
  }
  const ref = (node as Obj).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return ref;
  for (const value of Object.values(node)) {
    const found = externalRef(value, seen);
    if (found) return found;
  }
  return undefined;
}

/** Server URLs: OpenAPI 3 `servers` with variables at their defaults, or Swagger 2.0's host. */
function serversOf(doc: Obj): string[] {
  if (doc.swagger) {
    const host = str(doc.host);
    if (!host) return [];
    const schemes = Array.isArray(doc.schemes) ? doc.schemes.map(str) : [];
    const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
    return [`${scheme}://${host}${str(doc.basePath)}`.replace(/\/$/, '')];
  }
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObj) : [];
  return servers
    .map((server) => {
      const variables = isObj(server.variables) ? server.variables : {};
      return str(server.url)
        .replace(/\{([^}]+)\}/g, (whole, name: string) => {
          const variable = variables[name];
          return isObj(variable) ? String(variable.default ?? '') : whole;
        })
        .replace(/\/$/, '');
    })
    .filter((url) => url !== '');
}

function securityOf(doc: Obj): OpenApiSecurityScheme[] {
  const components = isObj(doc.components) ? doc.components : {};
  const schemes = doc.swagger ? doc.securityDefinitions : components.securitySchemes;
  if (!isObj(schemes)) return [];
  return Object.entries(schemes)
    .filter((entry): entry is [string, Obj] => isObj(entry[1]))
    .map(([name, scheme]) => {
      const type = str(scheme.type) === 'basic' ? 'http' : str(scheme.type);
      const httpScheme = str(scheme.type) === 'basic' ? 'basic' : str(scheme.scheme).toLowerCase();
      const found: OpenApiSecurityScheme = {
        name,
        type,
        ...(httpScheme ? { scheme: httpScheme } : {}),
        ...(scheme.in ? { in: str(scheme.in) } : {}),
        ...(type === 'apiKey' ? { param_name: str(scheme.name) } : {}),
        account_types: [],
      };
      return { ...found, account_types: accountTypesOf(found) };
    });
}

/** A Swagger 2.0 parameter's type fields as a schema. */
function swaggerSchema(param: Obj): Schema {
  const { type, enum: values, items, default: fallback } = param;
  return {
    ...(typeof type === 'string' ? { type } : {}),
    ...(Array.isArray(values) ? { enum: values } : {}),
    ...(isObj(items) ? { items: items as Schema } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
}

const jsonType = (type: string) => /^application\/(.+\+)?json\b/i.test(type);

/** OpenAPI 3's request body: JSON first, then a urlencoded form, then any other type as text. */
function bodyOf3(requestBody: unknown): RawBody | undefined {
  if (!isObj(requestBody) || !isObj(requestBody.content)) return undefined;
  const types = Object.keys(requestBody.content);
  const contentType =
    types.find(jsonType) ??
    types.find((type) => type.startsWith('application/x-www-form-urlencoded')) ??
    types[0];
  if (!contentType) return undefined;
  const media = requestBody.content[contentType];
  const kind = jsonType(contentType)
    ? 'json'
    : contentType.startsWith('application/x-www-form-urlencoded')
      ? 'form'
      : 'text';
  return {
    kind,
    contentType,
    required: requestBody.required === true,
    description: str(requestBody.description),
    schema: (isObj(media) && isObj(media.schema) ? media.schema : {}) as Schema,
  };
}

/** Swagger 2.0's `in: body` or `in: formData` parameters as one body. */
function bodyOf2(params: Obj[], consumes: string[]): RawBody | undefined {
  const body = params.find((param) => param.in === 'body');
  if (body)
    return {
      kind: 'json',
      contentType: consumes.find(jsonType) ?? 'application/json',
      required: body.required === true,
      description: str(body.description),
      schema: (isObj(body.schema) ? body.schema : {}) as Schema,
    };
  const fields = params.filter((param) => param.in === 'formData');
  if (!fields.length) return undefined;
  return {
    kind: 'form',
    contentType: 'application/x-www-form-urlencoded',
    required: fields.some((field) => field.required === true),
    description: '',
    schema: {
      type: 'object',
      properties: Object.fromEntries(
        fields.map((field) => [
          str(field.name),
          { ...swaggerSchema(field), description: str(field.description) },
        ]),
      ),
      required: fields.filter((field) => field.required === true).map((field) => str(field.name)),
    },
  };
}

function rawParam(param: Obj, swagger: boolean): RawParam {
  return {
    in: param.in as ParamPlace,
    name: str(param.name),
    required: param.required === true || param.in === 'path',
    description: str(param.description),
    schema: swagger ? swaggerSchema(param) : ((isObj(param.schema) ? param.schema : {}) as Schema),
  };
}

/** Path-level parameters, replaced by the operation's own of the same place and name. */
function mergedParams(shared: unknown, own: unknown): Obj[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isObj) : []);
  const byKey = new Map<string, Obj>();
  for (const param of [...list(shared), ...list(own)])
    byKey.set(`${str(param.in)} ${str(param.name)}`, param);
  return [...byKey.values()];
}

function operationsOf(doc: Obj): OperationDetail[] {
  const swagger = Boolean(doc.swagger);
  const consumes = Array.isArray(doc.consumes) ? doc.consumes.map(str) : [];
  const found: OperationDetail[] = [];
  const ids = new Set<string>();
  /** An id seen before (some documents repeat an operationId) gets ' (2)', ' (3)'… */
  const unique = (id: string) => {
    let candidate = id;
    for (let n = 2; ids.has(candidate); n += 1) candidate = `${id} (${n})`;
    ids.add(candidate);
    return candidate;
  };
  for (const [path, item] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    if (!isObj(item)) continue;
    for (const method of methods) {
      const operation = item[method];
      if (!isObj(operation)) continue;
      const params = mergedParams(item.parameters, operation.parameters);
      const places = params.filter((p) => ['path', 'query', 'header'].includes(str(p.in)));
      const opConsumes = Array.isArray(operation.consumes) ? operation.consumes.map(str) : consumes;
      const body = swagger ? bodyOf2(params, opConsumes) : bodyOf3(operation.requestBody);
      const tags = Array.isArray(operation.tags) ? operation.tags.map(str) : [];
      found.push({
        id: unique(str(operation.operationId) || `${method.toUpperCase()} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: (
          str(operation.summary).trim() ||
          (str(operation.description).trim().split('\n')[0] ?? '')
        ).slice(0, 200),
        tag: tags[0] ?? '',
        deprecated: operation.deprecated === true,
        params: places.map((param) => rawParam(param, swagger)),
        ...(body ? { body } : {}),
      });
    }
  }
  return found;
}

/**
 * Reads a document's text (docs/adr/0137): parsed as JSON or YAML, refused when a `$ref` leaves
 * it, every internal `$ref` replaced (circular ones left as they are), then summarised.
 */
export async function readDocument(text: string): Promise<ReadDocument> {
  const raw = parseDocumentText(text);
  const outside = externalRef(raw);
  if (outside) throw new Error(m.externalRef(outside));
  // The parser is loaded at the first document: a server that never reads one keeps it out of memory.
  const { dereference } = await import('@readme/openapi-parser');
  let doc: Obj;
  try {
    doc = (await dereference(raw as never, {
      resolve: { external: false, file: false },
      dereference: { circular: 'ignore' },
    })) as Obj;
  } catch (error) {
    throw new Error(m.invalid(error instanceof Error ? error.message.split('\n')[0]! : ''));
  }
  const info = isObj(doc.info) ? doc.info : {};
  const operations = operationsOf(doc);
  if (!operations.length) throw new Error(m.noOperations);
  return {
    summary: {
      title: str(info.title).trim(),
      version: str(info.version),
      description: str(info.description).trim(),
      spec: doc.swagger ? 'Swagger 2.0' : `OpenAPI ${str(doc.openapi)}`,
      servers: serversOf(doc),
      security: securityOf(doc),
      operations: operations.map(({ id, method, path, summary, tag, deprecated }) => ({
        id,
        method,
        path,
        summary,
        tag,
        deprecated,
      })),
    },
    operations,
  };
}

import {
  defineConnector,
  type ConnectorRequest,
  type ConnectorResponse,
} from '../kit/define-connector';

/**
 * Sankhya Om's API gateway (https://developer.sankhya.com.br/reference/get_loadrecords,
 * https://developer.sankhya.com.br/reference/post_login-1): after the login (the server's token
 * source for `sankhya_partner_id` accounts), every service is
 * `POST {base}/gateway/v1/mge/service.sbr?serviceName=<serviço>&outputType=json` with
 * `Authorization: Bearer <bearerToken>` and `{serviceName, requestBody}`. Answers carry
 * `status` ('1' ok, '2' ok with a notice, '0' error with `statusMessage`), often with HTTP 200
 * even on error. loadRecords pages with `offsetPage` and answers `hasMoreResult`.
 */

/** The gateway's own address; an account's 'URL da API' replaces it (the sandbox, a proxy). */
export const sankhyaApiUrl = 'https://api.sankhya.com.br';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

const service = (serviceName: string, requestBody: unknown): ConnectorRequest => ({
  method: 'POST',
  path: 'gateway/v1/mge/service.sbr',
  query: { serviceName, outputType: 'json' },
  json: { serviceName, requestBody },
});

/** A JSON param ('Valores', 'Chave'): an object from an expression, or JSON text. */
function objectParam(value: unknown, label: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(`O campo "${label}" não é um JSON válido.`);
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`O campo "${label}" deve ser um objeto JSON, como {"NOMEPARC": "…"}.`);
  }
  return parsed as Record<string, unknown>;
}

/** `{CAMPO: valor}` as Sankhya writes field values: `{CAMPO: {"$": "valor"}}`. */
const sankhyaValues = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      { $: value === null || value === undefined ? '' : String(value) },
    ]),
  );

/** A field's value as Sankhya sends it (`{"$": "1"}`, `{}` for empty) made plain. */
const plain = (value: unknown) => {
  const holder = record(value);
  return '$' in holder ? holder.$ : value && typeof value === 'object' ? null : value;
};

/**
 * loadRecords' rows `{f0: {"$": …}, f1: …}` named by `metadata.fields.field[i].name`; saveRecord's
 * rows already carry the names.
 */
function entitiesOf(response: ConnectorResponse): Record<string, unknown>[] {
  const entities = record(record(record(response.body).responseBody).entities);
  const names = list(record(record(entities.metadata).fields).field).map((field) =>
    String(record(field).name ?? ''),
  );
  return list(entities.entity).map((row) =>
    Object.fromEntries(
      Object.entries(record(row)).map(([key, value]) => {
        const index = /^f(\d+)$/.exec(key)?.[1];
        const name = index !== undefined ? names[Number(index)] || key : key;
        return [name, plain(value)];
      }),
    ),
  );
}

/** executeQuery's `rows` (arrays) named by `fieldsMetadata[i].name`. */
function rowsOf(response: ConnectorResponse): Record<string, unknown>[] {
  const body = record(record(response.body).responseBody);
  const names = list(body.fieldsMetadata).map((field) => String(record(field).name ?? ''));
  return list(body.rows).map((row) =>
    Object.fromEntries(list(row).map((value, index) => [names[index] || `f${index}`, value])),
  );
}

const statusOf = (response: ConnectorResponse) => record(response.body).status;

function errorMessage(response: ConnectorResponse): string | undefined {
  const body = record(response.body);
  const said = typeof body.statusMessage === 'string' ? body.statusMessage.trim() : '';
  if (response.status === 401) {
    return `A Sankhya recusou o login da conta de serviço${said ? `: ${said}` : '.'}`;
  }
  if (!said) return undefined;
  return `A Sankhya recusou a chamada: ${said}`;
}

export const sankhyaConnector = defineConnector({
  service: 'sankhya',
  label: 'Sankhya',
  description: 'Busca e salva registros de entidades e executa consultas SQL no Sankhya Om.',
  icon: 'database',
  accountTypes: ['sankhya_partner_id'],
  baseUrl: sankhyaApiUrl,
  params: {
    entidade: {
      type: 'text',
      label: 'Entidade',
      required: true,
      placeholder: 'Parceiro',
      description:
        'O nome da entidade no dicionário de dados do Sankhya Om: Parceiro, Produto, CabecalhoNota…',
    },
    campos: {
      type: 'text',
      label: 'Campos',
      required: true,
      placeholder: 'CODPARC,NOMEPARC,CGC_CPF',
      description: 'Os campos a trazer, separados por vírgula.',
    },
    criterio: {
      type: 'text',
      label: 'Critério',
      placeholder: "NOMEPARC LIKE 'PADARIA%'",
      description: 'Uma expressão que filtra os registros (vazio: todos).',
    },
    valores: {
      type: 'code-editor',
      language: 'json',
      label: 'Valores (JSON)',
      required: true,
      default: '{\n  \n}',
      description:
        'Os campos a gravar e seus valores, por exemplo {"NOMEPARC": "Padaria Pão Quente"}.',
    },
    chave: {
      type: 'code-editor',
      language: 'json',
      label: 'Chave (JSON)',
      description:
        'A chave do registro a alterar, por exemplo {"CODPARC": 42}. Vazia, inclui um registro novo.',
    },
    sql: {
      type: 'code-editor',
      language: 'sql',
      label: 'Consulta SQL',
      required: true,
      description: 'Uma consulta SELECT; a Sankhya limita as linhas que devolve.',
    },
  },
  operations: {
    buscar: {
      resource: 'Registro',
      action: 'Buscar',
      params: ['entidade', 'campos', 'criterio'],
      request: (p) =>
        service('CRUDServiceProvider.loadRecords', {
          dataSet: {
            rootEntity: String(p.entidade).trim(),
            includePresentationFields: 'N',
            offsetPage: '0',
            ...(p.criterio ? { criteria: { expression: { $: String(p.criterio) } } } : {}),
            entity: { fieldset: { list: String(p.campos).replace(/\s+/g, '') } },
          },
        }),
      paging: {
        items: entitiesOf,
        next(request, response) {
          const entities = record(record(record(response.body).responseBody).entities);
          if (String(entities.hasMoreResult) !== 'true') return null;
          const json = request.json as {
            serviceName: string;
            requestBody: { dataSet: Record<string, unknown> };
          };
          const offset = Number(json.requestBody.dataSet.offsetPage) + 1;
          return {
            ...request,
            json: {
              ...json,
              requestBody: { dataSet: { ...json.requestBody.dataSet, offsetPage: String(offset) } },
            },
          };
        },
      },
    },
    salvar: {
      resource: 'Registro',
      action: 'Salvar',
      params: ['entidade', 'campos', 'valores', 'chave'],
      request: (p) => {
        const key = objectParam(p.chave, 'Chave (JSON)');
        return service('CRUDServiceProvider.saveRecord', {
          dataSet: {
            rootEntity: String(p.entidade).trim(),
            includePresentationFields: 'N',
            dataRow: {
              localFields: sankhyaValues(objectParam(p.valores, 'Valores (JSON)')),
              ...(Object.keys(key).length ? { key: sankhyaValues(key) } : {}),
            },
            entity: { fieldset: { list: String(p.campos).replace(/\s+/g, '') } },
          },
        });
      },
      result: (response) => entitiesOf(response)[0] ?? null,
    },
    consultar: {
      resource: 'Consulta SQL',
      action: 'Executar',
      params: ['sql'],
      request: (p) =>
        service('DbExplorerSP.executeQuery', { sql: String(p.sql).replace(/\s*[\r\n]+\s*/g, ' ') }),
      result: rowsOf,
    },
  },
  async authorize(_account, request, context) {
    request.headers.authorization = `Bearer ${await context.accessToken()}`;
  },
  // '0' (and any status but '1' and '2') is an error, even when HTTP says 200.
  failure: (response) => {
    if (response.status < 200 || response.status >= 300) return true;
    const status = statusOf(response);
    return status !== undefined && status !== '1' && status !== '2' && status !== 1;
  },
  errorMessage,
});

import { defineNode } from '../../../kit/define-node';

/** Rows one query may read (`max_rows` default and ceiling). */
export const sqlRowsDefault = 1000;
export const sqlRowsMax = 10_000;
/** Values one statement may take ($1 … $n). */
const maxParameters = 1000;

/**
 * The parameters param: a list (from `{{ [msg.payload.id, msg.payload.email] }}`, or its JSON
 * text), one value, or nothing. Each becomes `$1`, `$2`… in order, always as a value.
 */
export function sqlParameters(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown = value;
  if (typeof list === 'string' && list.trim().startsWith('[')) {
    try {
      list = JSON.parse(list) as unknown;
    } catch {
      throw new Error('Os parâmetros devem ser uma lista de valores (ex.: [1, "texto"]).');
    }
  }
  const values = Array.isArray(list) ? list : [list];
  if (values.length > maxParameters) {
    throw new Error(`Uma consulta aceita no máximo ${maxParameters} parâmetros.`);
  }
  return values;
}

export const sqlQueryNode = defineNode({
  type: 'core_sql_query',
  version: 1,
  category: 'action',
  label: 'Consulta SQL',
  description:
    'Executa uma consulta SQL parametrizada num banco PostgreSQL externo e coloca as linhas em msg.payload.',
  icon: 'sql',
  params: {
    service_account: {
      type: 'service_account',
      label: 'Banco de dados',
      required: true,
      accepts: ['database_uri'],
    },
    query: {
      type: 'code-editor',
      label: 'Consulta',
      language: 'sql',
      required: true,
      placeholder: 'select id, nome from clientes where email = $1',
      description: 'Use $1, $2… para os valores: eles nunca são colados no texto da consulta.',
    },
    parameters: {
      type: 'textarea',
      label: 'Parâmetros',
      valueType: 'any',
      placeholder: '{{ [msg.payload.email] }}',
      description: 'Uma lista com os valores de $1, $2…, na ordem.',
    },
    max_rows: {
      type: 'number',
      label: 'Máximo de linhas',
      default: sqlRowsDefault,
      min: 1,
      max: sqlRowsMax,
    },
    timeout_ms: {
      type: 'number',
      label: 'Tempo limite (ms)',
      default: 30_000,
      min: 1,
      max: 600_000,
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    if (!params.query.trim()) throw new Error('Informe a consulta SQL.');
    // The engine already holds both within their min and max (ParamSpec).
    const maxRows = Math.trunc(params.max_rows);
    const timeoutMs = Math.trunc(params.timeout_ms);
    const result = await ports.sql.query(
      scope,
      {
        serviceAccountId: params.service_account,
        query: params.query,
        parameters: sqlParameters(params.parameters),
        maxRows,
        timeoutMs,
      },
      signal,
    );
    return {
      output: 'default',
      msg: {
        ...input,
        payload: result.rows,
        sql: { row_count: result.rowCount, fields: result.fields, truncated: result.truncated },
      },
    };
  },
});

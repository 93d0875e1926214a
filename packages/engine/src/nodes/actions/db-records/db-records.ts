import type {
  RecordFieldFilter,
  RecordFilter,
  RecordTarget,
} from '@ponte/shared/db-record-query.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';

/** What the record nodes (core_db_*) share: their params and how they read them. */
const m = messages.recordNodes;

// Literal kinds without `as const`: the manifest's arrays are not readonly.
const text = 'text' as const;

export const tableParam = {
  type: 'table' as const,
  label: 'Tabela',
  required: true as const,
  description: 'Uma tabela do workspace (pelo ID ou pelo nome).',
};

/** The record's values: field by field, over an optional whole object. */
export const dataParams = {
  fields: {
    type: 'table-params' as const,
    label: 'Campos',
    description:
      'Um campo da tabela por linha; o valor aceita expressões ({{ msg.payload.email }}).',
    columns: [
      { key: 'field', label: 'Campo', type: text },
      { key: 'value', label: 'Valor', type: text },
    ],
  },
  data: {
    type: 'textarea' as const,
    label: 'Dados (objeto)',
    valueType: 'any' as const,
    placeholder: '{{ msg.payload }}',
    description:
      'Um objeto com os valores por nome de campo (ex.: {{ msg.payload }}); os "Campos" acima valem por cima dele.',
  },
};

export const filterOperators = [
  { label: 'contém', value: 'contains' },
  { label: 'igual a', value: 'equals' },
  { label: 'a partir de (≥)', value: 'from' },
  { label: 'até (≤)', value: 'to' },
  { label: 'está vazio', value: 'empty' },
];

export const filtersParam = {
  type: 'table-params' as const,
  label: 'Filtros',
  description: 'Todos os filtros valem juntos (E). Datas: AAAA-MM-DD; data e hora: ISO 8601.',
  columns: [
    { key: 'field', label: 'Campo', type: text },
    { key: 'operator', label: 'Operador', type: 'select' as const, options: filterOperators },
    { key: 'value', label: 'Valor', type: text },
  ],
};

/** The record to update or remove: by id or by filter. */
export const targetParams = {
  by: {
    type: 'select' as const,
    label: 'Quais registros',
    default: 'id',
    options: [
      { label: 'Pelo ID', value: 'id' },
      { label: 'Pelos filtros', value: 'filter' },
    ],
  },
  id: { type: text, label: 'ID do registro', placeholder: '{{ msg.payload._id }}' },
  filters: filtersParam,
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const cellText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** `data` (an object, or JSON text of one) with the `fields` rows over it. */
export function recordData(params: {
  fields?: Record<string, unknown>[];
  data?: unknown;
}): Record<string, unknown> {
  let base: Record<string, unknown> = {};
  const { data } = params;
  if (data !== undefined && data !== null && data !== '') {
    let value = data;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        throw new Error(m.dataNotObject);
      }
    }
    if (!isPlainObject(value)) throw new Error(m.dataNotObject);
    base = value;
  }
  const out = { ...base };
  (params.fields ?? []).forEach((row, index) => {
    const field = cellText(row.field).trim();
    if (!field) {
      if (cellText(row.value) === '') return;
      throw new Error(m.fieldNameRequired(index + 1));
    }
    out[field] = row.value;
  });
  if (!Object.keys(out).length) throw new Error(m.dataRequired);
  return out;
}

function filterValue(field: string, value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  throw new Error(m.filterValue(field));
}

/** The filter rows as the port's filter; a range's two ends may be two rows. */
export function recordFilter(rows: Record<string, unknown>[] | undefined): RecordFilter {
  const filter: RecordFilter = {};
  (rows ?? []).forEach((row, index) => {
    const field = cellText(row.field).trim();
    if (!field) {
      if (cellText(row.value) === '') return;
      throw new Error(m.fieldNameRequired(index + 1));
    }
    const operator = cellText(row.operator) || 'equals';
    const value = filterValue(field, row.value);
    const current = filter[field];
    let next: RecordFieldFilter;
    if (operator === 'from' || operator === 'to') {
      if (current && !('from' in current || 'to' in current))
        throw new Error(m.filterConflict(field));
      if (current && operator in current) throw new Error(m.filterConflict(field));
      const bound = typeof value === 'boolean' ? String(value) : value;
      next = { ...(current as object), [operator]: bound } as RecordFieldFilter;
    } else {
      if (current) throw new Error(m.filterConflict(field));
      if (operator === 'contains') next = { contains: cellText(value) };
      else if (operator === 'empty') next = { equals: null };
      else next = { equals: value };
    }
    filter[field] = next;
  });
  return filter;
}

/** By id, or by the filter rows (at least one). */
export function recordTarget(params: {
  by?: string;
  id?: string;
  filters?: Record<string, unknown>[];
}): RecordTarget {
  if (params.by === 'filter') {
    const filter = recordFilter(params.filters);
    if (!Object.keys(filter).length) throw new Error(m.targetRequired);
    return { filter };
  }
  const id = cellText(params.id).trim();
  if (!id) throw new Error(m.targetRequired);
  return { id };
}

export const queryLimits = { default: limits.recordsQueryDefault, max: limits.recordsQueryMax };

const rowsWithField = (rows: unknown) =>
  Array.isArray(rows) &&
  rows.some((row) => cellText((row as Record<string, unknown> | null)?.field).trim());

/** On save: an update or delete says which records (an id, or at least one filter row). */
export function checkTargetParams(params: Record<string, unknown>): string | null {
  if (params.by === 'filter') return rowsWithField(params.filters) ? null : m.targetRequired;
  return cellText(params.id).trim() ? null : m.targetRequired;
}

/** On save: an insert or upsert has values to write (rows, or an object). */
export function checkDataParams(params: Record<string, unknown>): string | null {
  const data = params.data;
  const hasData = data !== undefined && data !== null && data !== '';
  return hasData || rowsWithField(params.fields) ? null : m.dataRequired;
}

/** Both, for an update. */
export function checkUpdateParams(params: Record<string, unknown>): string | null {
  return checkTargetParams(params) ?? checkDataParams(params);
}

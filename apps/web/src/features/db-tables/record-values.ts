import { parseBrInteger, parseBrNumber } from '@ponte/shared/brazil/numbers';
import { formatDateTime, truncate } from '@ponte/shared/format';
import type { RecordValue, TableField } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A record's value as the records list shows it (long text cut at 100 characters). */
export function displayValue(
  field: Pick<TableField, 'type'>,
  value: RecordValue | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'boolean':
      return value === true || value === 'true' ? 'Sim' : 'Não';
    case 'integer':
    case 'float':
      return typeof value === 'number' ? value.toLocaleString('pt-BR') : String(value);
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return match ? `${match[3]}/${match[2]}/${match[1]}` : String(value);
    }
    case 'datetime':
      return formatDateTime(String(value)) || String(value);
    default:
      return truncate(String(value), limits.recordsTextCut);
  }
}

/** ISO 8601 → the `datetime-local` input's `YYYY-MM-DDTHH:mm:ss` in the browser's time. */
export function isoToLocalInput(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}` +
    `T${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`
  );
}

/** The `datetime-local` input's value (browser time) → ISO 8601 in UTC; '' when invalid. */
export function localInputToIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const editedNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 20 });

/** '1.234,56' for 1234.56; a number too small for 20 decimals as JavaScript writes it. */
function editedNumberText(value: number): string {
  const text = editedNumber.format(value);
  return parseBrNumber(text) === value ? text : String(value);
}

/** What the record editor holds per field: text for every input, a flag for booleans. */
export type FormValue = string | boolean;

/** A stored value (or, for a new record, the field's default) → the editor's input value. */
export function toFormValue(field: TableField, value: RecordValue | undefined): FormValue {
  if (field.type === 'boolean') {
    if (value === undefined || value === null)
      return ['true', '1'].includes(field.default_value ?? '');
    return value === true || value === 'true';
  }
  if (value === undefined || value === null) {
    if (field.default_value === null) return '';
    return field.type === 'datetime' ? isoToLocalInput(field.default_value) : field.default_value;
  }
  if (field.type === 'datetime') return isoToLocalInput(String(value));
  if (field.type === 'date') return String(value).slice(0, 10);
  // As the list shows it ('1.234,56'), every decimal kept; the editor reads it back.
  if (typeof value === 'number' && (field.type === 'float' || field.type === 'integer'))
    return editedNumberText(value);
  return String(value);
}

export const recordMessages = {
  required: (label: string) => `O campo "${label}" é obrigatório.`,
  integer: messages.records.fieldInteger,
  float: messages.records.fieldFloat,
  tooLong: (label: string, length: number) =>
    `O campo "${label}" deve ter no máximo ${length} caracteres.`,
  datetime: (label: string) => `O campo "${label}" deve ser uma data e hora válida.`,
};

/**
 * The editor's value → the API's value, or an error in pt-BR. Empty inputs become null (the
 * server applies `is_required` and defaults); numbers are read as Brazilians type them
 * ('1.234,56', '1234,56', '1234.56'; docs/adr/0077).
 */
export function fromFormValue(
  field: TableField,
  value: FormValue,
): { value: RecordValue } | { error: string } {
  const label = field.label || field.name;
  if (field.type === 'boolean') return { value: value === true };
  const text = String(value).trim();
  if (!text) return field.is_required ? { error: recordMessages.required(label) } : { value: null };
  switch (field.type) {
    case 'integer': {
      const number = parseBrInteger(text);
      return number === null ? { error: recordMessages.integer(label) } : { value: number };
    }
    case 'float': {
      const number = parseBrNumber(text);
      return number === null ? { error: recordMessages.float(label) } : { value: number };
    }
    case 'datetime': {
      const iso = localInputToIso(text);
      return iso ? { value: iso } : { error: recordMessages.datetime(label) };
    }
    case 'string':
    case 'longtext':
      return field.length && String(value).length > field.length
        ? { error: recordMessages.tooLong(label, field.length) }
        : { value: String(value) };
    default:
      return { value: text };
  }
}

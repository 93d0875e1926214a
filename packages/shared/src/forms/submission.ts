import type { FormSubmitValues, PublicFormField } from '../forms.schema';
import { limits } from '../limits';
import { messages } from '../messages';
import { isMaskComplete, maskPlaceholder } from './masks';
import { validateFieldValue, validationMessage } from './validators';

/**
 * The checks of a submission (spec 2 §5; docs/adr/0039): the public page runs them before it
 * sends, the server again before it starts the flow, so both refuse the same values with the
 * same pt-BR messages. Separators hold no value: they are never checked nor sent.
 */
const m = messages.forms.public;

export interface SubmittedFile {
  field: string;
  name: string;
  size: number;
}

const megabyte = 1024 * 1024;

/** Accepted extensions of an upload field, lower case without dots; [] accepts any. */
export function uploadExtensions(field: Pick<PublicFormField, 'upload_extensions'>): string[] {
  return field.upload_extensions
    .split(',')
    .map((extension) => extension.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
}

/** The field's size limit in Mb: its own (default 10), never above 100. */
export function uploadMaxSizeMb(field: Pick<PublicFormField, 'upload_maxsize'>): number {
  const size = Number(field.upload_maxsize);
  const mb = Number.isFinite(size) && size > 0 ? size : limits.formUploadMaxSizeDefaultMb;
  return Math.min(mb, limits.formUploadMaxSizeLimitMb);
}

/** Why one file is refused by its field (extension, size), or null. */
export function uploadFileError(
  field: PublicFormField,
  file: { name: string; size: number },
): string | null {
  const extensions = uploadExtensions(field);
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (extensions.length && !extensions.includes(extension))
    return m.fileExtension(file.name, extensions.join(', '));
  const maxMb = uploadMaxSizeMb(field);
  if (file.size > maxMb * megabyte) return m.fileTooLarge(file.name, maxMb);
  return null;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
const optionValues = (field: PublicFormField) => new Set(field.options.map((o) => o.value));

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year > 0 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isIsoDateTime(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  return !!match && isIsoDate(match[1]!) && Number(match[2]) <= 23 && Number(match[3]) <= 59;
}

/** Text, textarea and hidden: a string within the limit, its validation or else its mask. */
function textError(field: PublicFormField, value: unknown): string | null {
  const masked = field.type === 'text' && !!field.mask;
  const invalid =
    validationMessage(field.validation) ||
    (masked ? m.invalidMask(maskPlaceholder(field.mask, field.mask_custom)) : m.invalidValue);
  if (isEmpty(value)) return field.is_required && field.type !== 'hidden' ? m.required : null;
  if (!isString(value)) return invalid;
  if (value.length > limits.formTextMax) return m.tooLong;
  if (!value.trim()) return field.is_required && field.type !== 'hidden' ? m.required : null;
  if (field.type === 'hidden') return null;
  if (field.validation) return validateFieldValue(field.validation, value);
  if (masked && !isMaskComplete(field.mask, value, field.mask_custom)) return invalid;
  return null;
}

function choiceError(field: PublicFormField, value: unknown): string | null {
  const options = optionValues(field);
  if (field.type === 'select' || field.type === 'radio') {
    if (isEmpty(value)) return field.is_required ? m.required : null;
    return isString(value) && options.has(value) ? null : m.invalidOption;
  }
  if (value === undefined || value === null) return field.is_required ? m.required : null;
  if (!Array.isArray(value)) return m.invalidOption;
  if (!value.every((item) => isString(item) && options.has(item))) return m.invalidOption;
  return field.is_required && !value.length ? m.required : null;
}

function tableError(field: PublicFormField, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return m.invalidValue;
  if (value.length > limits.formTableRowsMax) return m.tooManyRows;
  for (const [index, row] of value.entries()) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) return m.invalidValue;
    const cells = row as Record<string, unknown>;
    for (const column of field.options) {
      const cell = cells[column.value];
      if (!isEmpty(cell) && !isString(cell)) return m.invalidValue;
      if (isString(cell) && cell.length > limits.formTextMax) return m.tooLong;
      if (column.is_required && !(isString(cell) && cell.trim()))
        return m.tableRowRequired(index + 1, column.label);
    }
  }
  return null;
}

function uploadError(field: PublicFormField, files: SubmittedFile[]): string | null {
  if (!files.length) return field.is_required ? m.required : null;
  if (files.length > 1 && !field.upload_multiple) return m.fileOnlyOne;
  if (files.length > limits.formUploadFilesMax) return m.tooManyFiles;
  for (const file of files) {
    const error = uploadFileError(field, file);
    if (error) return error;
  }
  return null;
}

/** The first refusal of one field's value, or null. */
function fieldError(
  field: PublicFormField,
  value: unknown,
  files: SubmittedFile[],
  skipUploads: boolean,
): string | null {
  switch (field.type) {
    case 'separator':
      return null;
    case 'text':
    case 'textarea':
    case 'hidden':
      return textError(field, value);
    case 'checkbox':
      if (value !== undefined && value !== null && typeof value !== 'boolean')
        return m.invalidValue;
      return field.is_required && value !== true ? m.required : null;
    case 'select':
    case 'radio':
    case 'multiple_checkbox':
    case 'multiple_select':
      return choiceError(field, value);
    case 'date':
    case 'datetime': {
      if (isEmpty(value)) return field.is_required ? m.required : null;
      const date = field.type === 'date';
      if (isString(value) && (date ? isIsoDate(value) : isIsoDateTime(value))) return null;
      return date ? m.invalidDate : m.invalidDateTime;
    }
    case 'table':
      return tableError(field, value);
    case 'upload':
      return skipUploads ? null : uploadError(field, files);
  }
}

/** Every refusal of a submission: field code → its first message; {} when accepted. */
export function submissionErrors(
  fields: PublicFormField[],
  values: FormSubmitValues,
  files: SubmittedFile[],
  options?: { skipUploads?: boolean },
): Record<string, string> {
  const skipUploads = options?.skipUploads ?? false;
  const errors: Record<string, string> = {};
  const byCode = new Map<string, PublicFormField>();
  for (const field of fields) {
    if (field.type === 'separator') continue;
    byCode.set(field.name, field);
    const own = files.filter((file) => file.field === field.name);
    const error = fieldError(field, values[field.name], own, skipUploads);
    if (error) errors[field.name] = error;
  }
  if (skipUploads) return errors;
  for (const file of files) {
    if (byCode.get(file.field)?.type !== 'upload') errors[file.field] ??= m.fileNotExpected;
  }
  return errors;
}

function payloadValue(field: PublicFormField, value: unknown): unknown {
  switch (field.type) {
    case 'hidden':
      return isString(value) ? value : field.default_value;
    case 'checkbox':
      return value === true;
    case 'multiple_checkbox':
    case 'multiple_select':
      return Array.isArray(value) ? value.filter(isString) : [];
    case 'table': {
      if (!Array.isArray(value)) return [];
      return value.map((row: Record<string, unknown>) =>
        Object.fromEntries(
          field.options.map((column) => {
            const cell = row && typeof row === 'object' ? row[column.value] : undefined;
            return [column.value, isString(cell) ? cell : ''];
          }),
        ),
      );
    }
    default:
      return isString(value) ? value : '';
  }
}

/** The values the flow gets in msg.payload (without uploads): only the form's fields, each
 *  of its type; hidden fields take the value sent or else their default; unknown keys dropped. */
export function submissionPayload(
  fields: PublicFormField[],
  values: FormSubmitValues,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'separator' || field.type === 'upload') continue;
    payload[field.name] = payloadValue(field, values[field.name]);
  }
  return payload;
}

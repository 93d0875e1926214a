import type { FormSubmitValues, PublicFormField } from '@ponte/shared/forms.schema';
import { applyMask } from '@ponte/shared/forms/masks';
import type { SubmittedFile } from '@ponte/shared/forms/submission';
import type { ChosenFiles } from './public-form-api';

/** A row of a table field: column value → text. */
export type TableRow = Record<string, string>;
export type FieldValue = string | boolean | string[] | TableRow[];
export type FormValues = Record<string, FieldValue>;

const truthy = new Set(['true', '1', 'sim', 's', 'yes', 'on']);

/** The fields that hold a value in `values` (uploads travel as files, separators hold none). */
export function valueFields(fields: PublicFormField[]): PublicFormField[] {
  return fields.filter((field) => field.type !== 'upload' && field.type !== 'separator');
}

function listDefault(field: PublicFormField): string[] {
  const allowed = new Set(field.options.map((option) => option.value));
  return field.default_value
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value && allowed.has(value));
}

/** A field's starting value: its default, or for a hidden field `?code=value` of the URL. */
export function initialValue(field: PublicFormField, query: URLSearchParams): FieldValue {
  switch (field.type) {
    case 'checkbox':
      return truthy.has(field.default_value.trim().toLowerCase());
    case 'multiple_checkbox':
    case 'multiple_select':
      return listDefault(field);
    case 'table':
      return [];
    case 'hidden':
      return query.get(field.name) ?? field.default_value;
    case 'select':
    case 'radio':
      return field.options.some((option) => option.value === field.default_value)
        ? field.default_value
        : '';
    case 'text':
      return field.mask && field.default_value
        ? applyMask(field.mask, field.default_value, field.mask_custom)
        : field.default_value;
    default:
      return field.default_value;
  }
}

export function initialValues(fields: PublicFormField[], query: URLSearchParams): FormValues {
  return Object.fromEntries(
    valueFields(fields).map((field) => [field.name, initialValue(field, query)]),
  );
}

/** The submitted values object (the same shape the server checks). */
export function submitValues(fields: PublicFormField[], values: FormValues): FormSubmitValues {
  return Object.fromEntries(valueFields(fields).map((field) => [field.name, values[field.name]]));
}

/** The chosen files as the shared rules read them. */
export function submittedFiles(files: ChosenFiles): SubmittedFile[] {
  return Object.entries(files).flatMap(([field, list]) =>
    list.map((file) => ({ field, name: file.name, size: file.size })),
  );
}

/** The files in the form's field order, each with its field's code (the multipart part name). */
export function orderedFiles(fields: PublicFormField[], files: ChosenFiles): [string, File][] {
  return fields
    .filter((field) => field.type === 'upload')
    .flatMap((field) =>
      (files[field.name] ?? []).map((file): [string, File] => [field.name, file]),
    );
}

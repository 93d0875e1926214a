import { serviceAccountFields } from '@ponte/shared/service-account-fields';
import { ownHosts } from '@ponte/shared/service-account-hosts';
import type { ServiceAccountField } from '@ponte/shared/service-account-fields';
import type { ServiceAccountBody, ServiceAccountType } from '@ponte/shared/service-accounts.schema';

export type FieldValue = string | number | boolean;
export type FieldValues = Record<string, FieldValue>;

/** The fields a person fills for a type: the server writes the managed ones. */
export function formFields(type: ServiceAccountType): ServiceAccountField[] {
  return serviceAccountFields[type].filter((field) => !field.managed);
}

/**
 * The fields shown now: those whose `visibleWhen` holds. 'Domínios' says which hosts the
 * account already covers by itself (its URLs, its vendor's domains).
 */
export function visibleFields(
  type: ServiceAccountType,
  values: FieldValues,
): ServiceAccountField[] {
  return formFields(type)
    .filter(
      (field) => !field.visibleWhen || values[field.visibleWhen.field] === field.visibleWhen.value,
    )
    .map((field) => {
      if (field.name !== 'domains') return field;
      const own = ownHosts(type, values);
      return own.length
        ? { ...field, description: `${field.description} Já incluídos: ${own.join(', ')}.` }
        : field;
    });
}

function emptyValue(field: ServiceAccountField): FieldValue {
  if (field.default !== undefined) return field.default;
  return field.kind === 'switch' ? false : '';
}

/**
 * What the form starts with: the stored non-secret values of an account, else the defaults of
 * spec 2 §9. Secret fields always start empty (the server never sends them back).
 */
export function initialValues(
  type: ServiceAccountType,
  stored: Record<string, unknown> = {},
): FieldValues {
  const values: FieldValues = {};
  for (const field of formFields(type)) {
    const value = field.secret ? undefined : stored[field.name];
    values[field.name] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : emptyValue(field);
  }
  return values;
}

/**
 * The body of POST/PUT: `{name, auth_type, workspace, [auth_type]: {...}}`. An empty secret is
 * left out (the server keeps the stored one); an empty number too (the server's default holds).
 */
export function buildBody(
  name: string,
  type: ServiceAccountType,
  values: FieldValues,
  workspace: string | undefined,
): ServiceAccountBody {
  const sub: Record<string, FieldValue> = {};
  for (const field of formFields(type)) {
    const value = values[field.name];
    if (value === undefined) continue;
    if ((field.secret || field.kind === 'number' || field.kind === 'select') && value === '')
      continue;
    sub[field.name] = value;
  }
  return { name, auth_type: type, ...(workspace ? { workspace } : {}), [type]: sub };
}

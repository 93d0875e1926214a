import {
  serviceAccountFields,
  type ServiceAccountField,
} from '@ponte/shared/service-account-fields';
import {
  serviceAccountInputSchemas,
  type ServiceAccountType,
} from '@ponte/shared/service-accounts.schema';
import { messages } from '@ponte/shared/messages';
import { needsDomains } from '@ponte/shared/service-account-hosts';
import { errorCodes } from '@ponte/shared/errors';
import { AppError, invalidField, type ErrorDetail } from '../../lib/app-error';

const m = messages.serviceAccounts;

export type Fields = Record<string, unknown>;

/** The fields of an account split as they are stored: in clear, and in the encrypted blob. */
export interface SplitData {
  publicData: Fields;
  secrets: Fields;
}

const fieldsOf = (type: ServiceAccountType): readonly ServiceAccountField[] =>
  serviceAccountFields[type];

export const isSecretField = (type: ServiceAccountType, name: string): boolean =>
  fieldsOf(type).some((field) => field.name === name && field.secret === true);

/**
 * The type's sub-object checked with its shared schema; 400 naming the field
 * (`{type}.{field}`) with the field's pt-BR message.
 */
export function parseSubObject(type: ServiceAccountType, given: unknown): Fields {
  const value = given === undefined || given === null ? {} : given;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidField(type, messages.generic.invalidField(type));
  }
  const parsed = serviceAccountInputSchemas[type].safeParse(value);
  if (parsed.success) return parsed.data as Fields;
  const details: ErrorDetail[] = parsed.error.issues.map((issue) => ({
    field: [type, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new AppError(400, errorCodes.validation, details[0]!.message, details);
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * What a create or an update stores. A secret omitted keeps the stored one; sent as '' it
 * clears a field that is not required (a required one keeps its value); a required secret
 * with no value at all is refused. Fields the server manages are kept as they were. An
 * account that signs HTTP requests and names no host at all is refused.
 */
export function mergeInput(
  type: ServiceAccountType,
  input: Fields,
  stored: SplitData = { publicData: {}, secrets: {} },
): SplitData {
  const publicData: Fields = {};
  const secrets: Fields = {};
  for (const field of fieldsOf(type)) {
    const target = field.secret ? secrets : publicData;
    const storedValue = (field.secret ? stored.secrets : stored.publicData)[field.name];
    if (field.managed) {
      if (storedValue !== undefined) target[field.name] = storedValue;
      continue;
    }
    const given = input[field.name];
    if (!field.secret) {
      if (given !== undefined && given !== '') target[field.name] = given;
      continue;
    }
    if (given === undefined || (given === '' && field.required)) {
      if (storedValue !== undefined) target[field.name] = storedValue;
    } else if (given !== '') {
      target[field.name] = given;
    }
    if (field.required && isBlank(target[field.name])) {
      throw invalidField(`${type}.${field.name}`, m.fieldRequired(field.label));
    }
  }
  // An account that signs requests says where it may go (docs/adr/0071).
  if (needsDomains(type, publicData)) throw invalidField(`${type}.domains`, m.domainsRequired);
  return { publicData, secrets };
}

/**
 * A patch from another module (OAuth2 tokens, health of a refresh): each key lands in the
 * secrets when the type declares it secret, else in clear; null deletes it.
 */
export function applyPatch(type: ServiceAccountType, stored: SplitData, patch: Fields): SplitData {
  const publicData = { ...stored.publicData };
  const secrets = { ...stored.secrets };
  for (const [name, value] of Object.entries(patch)) {
    const target = isSecretField(type, name) ? secrets : publicData;
    if (value === null) delete target[name];
    else if (value !== undefined) target[name] = value;
  }
  return { publicData, secrets };
}

/** The names of the secret fields that hold a value, in the type's order. */
export const secretsSet = (type: ServiceAccountType, secrets: Fields): string[] =>
  fieldsOf(type)
    .filter((field) => field.secret && !isBlank(secrets[field.name]))
    .map((field) => field.name);

/** The top-level `url`: the sub-object's url when it has one. */
export const urlOf = (publicData: Fields): string | null =>
  typeof publicData.url === 'string' && publicData.url !== '' ? publicData.url : null;

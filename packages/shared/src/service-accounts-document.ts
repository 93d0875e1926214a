import { z } from 'zod';
import { serviceAccountFields } from './service-account-fields';
import { isHttpSigningType, ownHosts } from './service-account-hosts';
import {
  serviceAccountBodySchema,
  serviceAccountInputSchema,
  serviceAccountTypes,
  type ServiceAccountType,
} from './service-accounts.schema';

type JsonSchema = Record<string, unknown>;

const addressSample = 'https://exemplo.com.br';

/**
 * Where an account that signs requests may go (docs/adr/0071), as the document can say it: all
 * domains, listed domains, or an address of its own. Types with their vendor's domains need none.
 */
function domainRule(type: ServiceAccountType): JsonSchema | null {
  if (!isHttpSigningType(type) || ownHosts(type, {}).length > 0) return null;
  const addresses = serviceAccountFields[type]
    .filter((field) => ownHosts(type, { [field.name]: addressSample }).length > 0)
    .map((field) => ({
      required: [field.name],
      properties: { [field.name]: { pattern: '^\\s*https?://[^\\s/]' } },
    }));
  return {
    anyOf: [
      { required: ['domains'], properties: { domains: { pattern: '[^\\s,]' } } },
      ...addresses,
      { required: ['allowed_domains'], properties: { allowed_domains: { const: 'all' } } },
    ],
  };
}

/**
 * The sub-object of one type as the server checks it: its fields' shapes, the required ones
 * (secrets too when the account is created) and where it may send its credential.
 */
function typeDocument(type: ServiceAccountType, creating: boolean): JsonSchema {
  const { $schema: _dialect, ...shape } = z.toJSONSchema(serviceAccountInputSchema(type), {
    io: 'input',
    unrepresentable: 'any',
  });
  const secrets = serviceAccountFields[type].filter(
    (field) => creating && field.secret && field.required && !field.managed,
  );
  const required = [...((shape.required as string[] | undefined) ?? [])];
  const properties = { ...(shape.properties as Record<string, JsonSchema>) };
  for (const field of secrets) {
    required.push(field.name);
    properties[field.name] = { ...properties[field.name], pattern: '\\S' };
  }
  return { ...shape, properties, required, ...domainRule(type) };
}

/**
 * The body's rules per `auth_type`: the sub-object named after the type, on update too (its
 * fields in clear are what the body says; only secrets left out keep the stored ones).
 */
function perType(creating: boolean) {
  return {
    allOf: serviceAccountTypes.map((type) => ({
      if: { required: ['auth_type'], properties: { auth_type: { const: type } } },
      then: { required: [type], properties: { [type]: typeDocument(type, creating) } },
    })),
  };
}

/** POST /api/v1/service-accounts: the body, and what the document says of its sub-object. */
export const serviceAccountCreateBodySchema = serviceAccountBodySchema.meta(perType(true));

/** PUT /api/v1/service-accounts/{id}: secrets may be left out (the stored ones are kept). */
export const serviceAccountUpdateBodySchema = serviceAccountBodySchema.meta(perType(false));

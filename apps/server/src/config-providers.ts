import { z } from 'zod';

/**
 * Where the providers of the key-based service accounts live (AWS STS, Omie, Sankhya): the
 * connection testers call them. Base URLs come from the environment so that tests point them
 * at local servers, as the OAuth2 ones do (`config-oauth.ts`).
 */
export interface ServiceProvidersConfig {
  /** AWS STS, for `GetCallerIdentity` (aws_access_key). */
  awsStsUrl: string;
  /** Omie ERP's API (omie_erp). */
  omieUrl: string;
  /** Sankhya's gateway, for its login (sankhya_partner_id). */
  sankhyaUrl: string;
}

export const defaultServiceProviders: ServiceProvidersConfig = {
  awsStsUrl: 'https://sts.amazonaws.com',
  omieUrl: 'https://app.omie.com.br',
  sankhyaUrl: 'https://api.sankhya.com.br',
};

const d = defaultServiceProviders;

/** The variables, in the README's order (config.ts appends them to its own list). */
export const providerConfigVariables = [
  {
    name: 'PONTE_AWS_STS_URL',
    default: d.awsStsUrl,
    description: 'Endereço do AWS STS usado para testar as contas do tipo Chave de acesso AWS.',
  },
  {
    name: 'PONTE_OMIE_URL',
    default: d.omieUrl,
    description: 'Endereço da API do Omie ERP usado para testar as contas Omie.',
  },
  {
    name: 'PONTE_SANKHYA_URL',
    default: d.sankhyaUrl,
    description: 'Endereço do gateway da Sankhya usado para testar as contas Sankhya.',
  },
] as const;

const url = z
  .url({ error: 'deve ser um endereço http:// ou https:// válido' })
  .refine((value) => /^https?:\/\//i.test(value), {
    error: 'deve ser um endereço http:// ou https:// válido',
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const providerEnvShape = {
  PONTE_AWS_STS_URL: url.optional(),
  PONTE_OMIE_URL: url.optional(),
  PONTE_SANKHYA_URL: url.optional(),
};

type ProviderEnv = { [K in keyof typeof providerEnvShape]?: string };

/** The providers' base URLs from the parsed environment (the real ones by default). */
export function serviceProvidersOf(env: ProviderEnv): ServiceProvidersConfig {
  return {
    awsStsUrl: env.PONTE_AWS_STS_URL ?? d.awsStsUrl,
    omieUrl: env.PONTE_OMIE_URL ?? d.omieUrl,
    sankhyaUrl: env.PONTE_SANKHYA_URL ?? d.sankhyaUrl,
  };
}

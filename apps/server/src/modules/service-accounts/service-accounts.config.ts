import { z } from 'zod';
import { defineModuleConfig } from '../../config/module-config';

/**
 * Where the providers of the key-based service accounts live (AWS STS, Omie, Sankhya): the
 * connection testers call them. Base URLs come from the environment so that tests point them
 * at local servers, as the OAuth2 ones do (`oauth2/oauth2.config.ts`).
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

const variables = [
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
];

const url = z
  .url({ error: 'deve ser um endereço http:// ou https:// válido' })
  .refine((value) => /^https?:\/\//i.test(value), {
    error: 'deve ser um endereço http:// ou https:// válido',
  })
  .transform((value) => value.replace(/\/+$/, ''));

const envShape = {
  PONTE_AWS_STS_URL: url.optional(),
  PONTE_OMIE_URL: url.optional(),
  PONTE_SANKHYA_URL: url.optional(),
};

/** PONTE_AWS_STS_URL, PONTE_OMIE_URL, PONTE_SANKHYA_URL: the key-based providers. */
export const serviceAccountsConfig = defineModuleConfig({
  variables,
  envShape,
  read: (parsed): { serviceProviders: ServiceProvidersConfig } => ({
    serviceProviders: {
      awsStsUrl: parsed.PONTE_AWS_STS_URL ?? d.awsStsUrl,
      omieUrl: parsed.PONTE_OMIE_URL ?? d.omieUrl,
      sankhyaUrl: parsed.PONTE_SANKHYA_URL ?? d.sankhyaUrl,
    },
  }),
});

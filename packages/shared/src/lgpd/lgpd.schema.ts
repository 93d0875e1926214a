import { z } from 'zod';
import { messages } from '../messages';
import { text } from '../text';

const m = messages.lgpdRegister;

/**
 * A flow's LGPD options (docs/lgpd.md): whether its logs and execution data are stored masked,
 * which fields a person names to be masked whole, and its entry in the register of processing
 * (ROPA). Absent in flows saved before it existed: masking follows the instance, no register.
 */

/** 'Mascarar dados pessoais nos logs e nas execuções': `default` follows `PONTE_LGPD_MASK`. */
export const maskSettings = ['default', 'on', 'off'] as const;
export type MaskSetting = (typeof maskSettings)[number];

/** The ten legal bases of the LGPD's art. 7, in the law's order, with its words. */
export const legalBases = {
  consent: 'Consentimento do titular (art. 7º, I)',
  legal_obligation: 'Cumprimento de obrigação legal ou regulatória (art. 7º, II)',
  public_policy: 'Execução de políticas públicas pela administração pública (art. 7º, III)',
  research: 'Realização de estudos por órgão de pesquisa (art. 7º, IV)',
  contract: 'Execução de contrato ou de procedimentos preliminares a ele (art. 7º, V)',
  legal_claims:
    'Exercício regular de direitos em processo judicial, administrativo ou arbitral (art. 7º, VI)',
  vital_interest:
    'Proteção da vida ou da incolumidade física do titular ou de terceiro (art. 7º, VII)',
  health: 'Tutela da saúde, por profissionais ou serviços de saúde (art. 7º, VIII)',
  legitimate_interest: 'Legítimo interesse do controlador ou de terceiro (art. 7º, IX)',
  credit_protection: 'Proteção do crédito (art. 7º, X)',
} as const;
export type LegalBasis = keyof typeof legalBases;
export const legalBasisIds = Object.keys(legalBases) as [LegalBasis, ...LegalBasis[]];

/**
 * Categories of personal data a flow processes; `sensitive` are the art. 5º, II ones (and
 * children's data, art. 14), which the register marks.
 */
export const dataCategories = {
  identification: { label: 'Identificação (nome, CPF, RG)', sensitive: false },
  contact: { label: 'Contato (e-mail, telefone, endereço)', sensitive: false },
  financial: { label: 'Financeiros (conta, cartão, pagamentos)', sensitive: false },
  location: { label: 'Localização', sensitive: false },
  professional: { label: 'Profissionais e educacionais', sensitive: false },
  behavioural: { label: 'Comportamento e navegação', sensitive: false },
  health: { label: 'Saúde (sensível)', sensitive: true },
  biometric: { label: 'Biométricos ou genéticos (sensível)', sensitive: true },
  racial_ethnic: { label: 'Origem racial ou étnica (sensível)', sensitive: true },
  beliefs: {
    label: 'Convicção religiosa, opinião política ou filiação sindical (sensível)',
    sensitive: true,
  },
  sex_life: { label: 'Vida sexual (sensível)', sensitive: true },
  children: { label: 'De crianças e adolescentes (art. 14)', sensitive: true },
} as const;
export type DataCategory = keyof typeof dataCategories;
export const dataCategoryIds = Object.keys(dataCategories) as [DataCategory, ...DataCategory[]];

/** At most this many named fields per flow, each at most this long. */
export const maskPathsMax = 50;
export const maskPathMax = 200;

/**
 * A named field: dot-separated keys from the message's root (`payload.cliente.nome`), `*` for
 * any key or item (`itens.*.cpf`); one key alone (`nome`) names that key at any depth.
 */
export const maskPathSchema = text()
  .trim()
  .min(1, { error: m.maskPathEmpty })
  .max(maskPathMax, { error: m.maskPathTooLong(maskPathMax) })
  .regex(/^(\*|[^.\s*]+)(\.(\*|[^.\s*]+))*$/, { error: m.maskPathInvalid });

export const flowLgpdSchema = z.object({
  mask: z.enum(maskSettings).default('default'),
  mask_paths: z
    .array(maskPathSchema)
    .max(maskPathsMax, { error: m.maskPathsTooMany(maskPathsMax) })
    .default([]),
  /** The register of processing (ROPA); every field optional. */
  purpose: text().trim().max(1000, { error: m.purposeTooLong }).default(''),
  legal_basis: z.enum(legalBasisIds, { error: m.legalBasisInvalid }).nullable().default(null),
  data_categories: z.array(z.enum(dataCategoryIds, { error: m.dataCategoryInvalid })).default([]),
  retention_note: text().trim().max(500, { error: m.retentionNoteTooLong }).default(''),
});
export type FlowLgpd = z.output<typeof flowLgpdSchema>;

/**
 * A flow's own retention of its logs and execution data, in days (overriding
 * `PONTE_LOG_RETENTION_DAYS`); null follows the instance.
 */
export const flowRetentionDaysSchema = z
  .number()
  .int({ error: m.retentionDaysInvalid })
  .min(1, { error: m.retentionDaysInvalid })
  .max(36_500, { error: m.retentionDaysInvalid })
  .nullable();

import { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { defineModuleConfig } from '../../config/module-config';

const variables = [
  {
    name: 'PONTE_FORM_RESULT_TIMEOUT_SECONDS',
    default: String(limits.formResultTimeoutMs / 1000),
    description:
      'Quanto um formulário com "Aguardar resultado do flow" espera a resposta do flow, em segundos.',
  },
  {
    name: 'PONTE_FORM_UPLOAD_RETENTION_DAYS',
    default: String(limits.formUploadRetentionDays),
    description:
      'Dias que os arquivos enviados por formulários (/envios-formularios) são mantidos depois do dia do envio.',
  },
];

const wholeNumber = (min: number, max: number, unit: string) => {
  const error = `deve ser um número inteiro de ${unit}, de ${min} a ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
};

const envShape = {
  PONTE_FORM_RESULT_TIMEOUT_SECONDS: wholeNumber(1, 3600, 'segundos').optional(),
  PONTE_FORM_UPLOAD_RETENTION_DAYS: wholeNumber(1, 36_500, 'dias').optional(),
};

/** Public forms (docs/adr/0038): the result's time limit and how long uploads are kept. */
export const formsConfig = defineModuleConfig({
  variables,
  envShape,
  read: (parsed) => ({
    /** PONTE_FORM_*: the form result's time limit and how long form uploads are kept. */
    forms: {
      resultTimeoutMs:
        (parsed.PONTE_FORM_RESULT_TIMEOUT_SECONDS ?? limits.formResultTimeoutMs / 1000) * 1000,
      uploadRetentionDays:
        parsed.PONTE_FORM_UPLOAD_RETENTION_DAYS ?? limits.formUploadRetentionDays,
    },
  }),
});

import { z } from 'zod';
import { limits } from '@ponte/shared/limits';

/** The variables, in the README's order (config.ts appends them to its own list). */
export const formConfigVariables = [
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

export const formEnvShape = {
  PONTE_FORM_RESULT_TIMEOUT_SECONDS: wholeNumber(1, 3600, 'segundos').optional(),
  PONTE_FORM_UPLOAD_RETENTION_DAYS: wholeNumber(1, 36_500, 'dias').optional(),
};

/** Public forms (docs/adr/0038): the result's time limit and how long uploads are kept. */
export function formConfigOf(env: {
  PONTE_FORM_RESULT_TIMEOUT_SECONDS?: number | undefined;
  PONTE_FORM_UPLOAD_RETENTION_DAYS?: number | undefined;
}) {
  return {
    resultTimeoutMs:
      (env.PONTE_FORM_RESULT_TIMEOUT_SECONDS ?? limits.formResultTimeoutMs / 1000) * 1000,
    uploadRetentionDays: env.PONTE_FORM_UPLOAD_RETENTION_DAYS ?? limits.formUploadRetentionDays,
  };
}

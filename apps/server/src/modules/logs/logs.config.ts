import { z } from 'zod';
import { defineModuleConfig } from '../../config/module-config';

/** How long the executions' logs are kept (log-retention.ts deletes the older ones). */
export const logsConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_LOG_RETENTION_DAYS',
      default: '30',
      description: 'Dias que os logs das execuções são guardados; os mais antigos são apagados.',
    },
  ],
  envShape: {
    PONTE_LOG_RETENTION_DAYS: z
      .string()
      .regex(/^\d+$/, { error: 'deve ser um número inteiro de dias, de 1 a 36500' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 36_500, {
        error: 'deve ser um número inteiro de dias, de 1 a 36500',
      })
      .default(30),
  },
  read: (parsed) => ({ logRetentionDays: parsed.PONTE_LOG_RETENTION_DAYS }),
});

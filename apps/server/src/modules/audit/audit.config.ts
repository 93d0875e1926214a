import { z } from 'zod';
import { defineModuleConfig } from '../../config/module-config';

const daysError = 'deve ser um número inteiro de dias, de 1 a 36500';

/** How long the audit log is kept (docs/adr/0107); the security log's events with it. */
export const auditConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_AUDIT_RETENTION_DAYS',
      default: '365',
      description:
        'Dias que o registro de auditoria (alterações e eventos de segurança) é guardado; os mais antigos são apagados.',
    },
  ],
  envShape: {
    PONTE_AUDIT_RETENTION_DAYS: z
      .string()
      .regex(/^\d+$/, { error: daysError })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 36_500, { error: daysError })
      .default(365),
  },
  read: (parsed) => ({ auditRetentionDays: parsed.PONTE_AUDIT_RETENTION_DAYS }),
});

import { z } from 'zod';
import { defineModuleConfig } from '../../config/module-config';

/** The installation's cap on Action/Trigger nodes per flow, over each customer's own. */
export const flowsConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_NODE_LIMIT',
      default: null,
      description:
        'Limite de conectores Action/Trigger por flow para todos os clientes desta instalação (sem ela: o de cada cliente, 50 por padrão).',
    },
  ],
  envShape: {
    PONTE_NODE_LIMIT: z
      .string()
      .regex(/^\d+$/, { error: 'deve ser um número inteiro de 1 a 100000' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100_000, { error: 'deve ser um número inteiro de 1 a 100000' })
      .optional(),
  },
  read: (parsed) => ({ nodeLimit: parsed.PONTE_NODE_LIMIT ?? null }),
});

import { z } from 'zod';
import { defineModuleConfig } from '../../config/module-config';

/** Who may read GET /metrics: nobody (404), anyone, or a bearer of the token. */
export type MetricsAccess = { open: false; token: string | null } | { open: true; token: null };

/** A token wins over PONTE_METRICS=true: the route then always asks for it. */
function metricsAccess(open: boolean, token: string | null): MetricsAccess {
  if (token) return { open: false, token };
  return open ? { open: true, token: null } : { open: false, token: null };
}

/** Who may read GET /metrics (metrics.routes.ts). */
export const metricsConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_METRICS',
      default: 'false',
      description: 'true abre GET /metrics (formato Prometheus) sem autenticação.',
    },
    {
      name: 'PONTE_METRICS_TOKEN',
      default: null,
      description: 'Abre GET /metrics só com o cabeçalho Authorization: Bearer <token>.',
    },
  ],
  envShape: {
    PONTE_METRICS: z
      .enum(['true', 'false'], { error: 'deve ser true ou false' })
      .transform((value) => value === 'true')
      .optional(),
    PONTE_METRICS_TOKEN: z
      .string()
      .min(16, { error: 'deve ter pelo menos 16 caracteres' })
      .optional(),
  },
  read: (parsed) => ({
    metrics: metricsAccess(parsed.PONTE_METRICS ?? false, parsed.PONTE_METRICS_TOKEN ?? null),
  }),
});

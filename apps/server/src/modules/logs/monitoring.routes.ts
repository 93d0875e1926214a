import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  logFiltersSchema,
  logListQuerySchema,
  logListSchema,
  type LogFilters,
} from '@ponte/shared/monitoring.schema';
import { messages } from '@ponte/shared/messages';
import { sessionOf } from '../../plugins/auth';
import { invalidField } from '../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import type { LogsService } from './logs.service';

export interface MonitoringRoutesOptions {
  service: LogsService;
}

function parseFilters(raw: string | undefined): LogFilters {
  if (!raw?.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalidField('filters', messages.monitoring.badFilters);
  }
  const parsed = logFiltersSchema.safeParse(json);
  if (!parsed.success) {
    // NUL or a lone surrogate in a filter says so; any other problem is the screen's one message.
    const forbidden = parsed.error.issues.find(
      (issue) => issue.message === messages.generic.forbiddenCharacter,
    );
    throw invalidField('filters', forbidden ? forbidden.message : messages.monitoring.badFilters);
  }
  return parsed.data;
}

/** Mounted at /api/v1 (authenticated scope). */
export const monitoringRoutes: FastifyPluginAsyncZod<MonitoringRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/monitoring/logs',
    {
      schema: {
        tags: ['Monitoramento'],
        security: bearerSecurity,
        summary:
          'Logs das execuções (filters em JSON: date_alias ou from/to, flow, execution_id, type, search); total limitado a 10000; no máximo 2 buscas de texto por workspace ao mesmo tempo (429 com Retry-After)',
        querystring: logListQuerySchema,
        response: { 200: logListSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const filters = parseFilters(request.query.filters);
      return service.list(sessionOf(request), filters, request.query.page, request.query.size);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardQueryBodySchema,
  dashboardQueryResultSchema,
} from '@ponte/shared/dashboards.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { dashboardBodyLimit } from './dashboards.routes';
import type { DashboardQueryService } from './dashboard-query.service';

export interface DashboardQueryRoutesOptions {
  service: DashboardQueryService;
}

/** Spec 2 §7 POST v1/dashboards/query; mounted at /api/v1 (authenticated scope). */
export const dashboardQueryRoutes: FastifyPluginAsyncZod<DashboardQueryRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/dashboards/query',
    {
      bodyLimit: dashboardBodyLimit,
      schema: {
        tags: ['Dashboards'],
        security: bearerSecurity,
        summary: 'Os dados dos widgets, por id de widget (um widget com erro não afeta os outros)',
        body: dashboardQueryBodySchema,
        response: { 200: dashboardQueryResultSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) =>
      service.query(sessionOf(request).workspaceId, request.body, sessionOf(request).groupIds),
  );
};

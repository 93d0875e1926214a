import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  versionRetentionBodySchema,
  versionRetentionSchema,
  type VersionRetentionSetting,
} from '@ponte/shared/versions.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { VersionRetention } from './versions.repository';
import type { VersionsService } from './versions.service';

export interface VersionRetentionRoutesOptions {
  versions: Pick<VersionsService, 'retention' | 'setRetention'>;
}

const tags = ['Workspaces'];
const path = '/workspaces/current/version-retention';

const settingOf = ({ keepCount, keepDays }: VersionRetention): VersionRetentionSetting => ({
  version_keep_count: keepCount,
  version_keep_days: keepDays,
});

/**
 * Mounted at /api/v1 (authenticated scope): the workspace's retention of versions, beside its
 * AI token budget on 'Configurações do workspace' (docs/adr/0103).
 */
export const versionRetentionRoutes: FastifyPluginAsyncZod<VersionRetentionRoutesOptions> = async (
  app,
  { versions },
) => {
  app.get(
    path,
    {
      schema: {
        tags,
        summary:
          'Por quanto tempo o workspace guarda as versões de flows, formulários e outros itens',
        security: bearerSecurity,
        response: { 200: versionRetentionSchema, ...errorResponses(401) },
      },
    },
    async (request) => settingOf(await versions.retention(sessionOf(request).workspaceId)),
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary:
          'Define a retenção das versões (apenas o proprietário; ambos null: todas). A versão atual de cada item fica sempre; as execuções nunca são apagadas',
        security: bearerSecurity,
        body: versionRetentionBodySchema,
        response: { 200: versionRetentionSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      const { version_keep_count, version_keep_days } = request.body;
      await versions.setRetention(workspaceId, {
        keepCount: version_keep_count,
        keepDays: version_keep_days,
      });
      return settingOf(await versions.retention(workspaceId));
    },
  );
};

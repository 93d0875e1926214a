import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import {
  flowIssueSchema,
  structuralIssueCodes,
  validateFlow,
} from '@ponte/shared/flow/flow-validator';
import { nodeLibrarySchema, type NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';

export interface EngineRoutesOptions {
  manifests: () => NodeManifest[];
  /** Registered versions below the newest, for panels of nodes pinned to them. */
  olderManifests: () => NodeManifest[];
  lookup: ManifestLookup;
}

const tags = ['Engine'];
const security = bearerSecurity;

const validatorResponseSchema = z.object({
  isValid: z.boolean(),
  errors: z.array(flowIssueSchema),
});

/** An exported flow file (`{name, data, variables…}`) or a bare flow document. */
const documentOf = (body: unknown): unknown =>
  body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;

/** Mounted at /engine (authenticated scope). */
export const engineRoutes: FastifyPluginAsyncZod<EngineRoutesOptions> = async (app, options) => {
  app.get(
    '/library',
    {
      schema: {
        tags,
        security,
        summary:
          'A biblioteca de conectores: a versão mais nova de cada tipo e as versões anteriores ainda usadas',
        response: { 200: nodeLibrarySchema, ...errorResponses(401) },
      },
    },
    async () => ({ nodes: options.manifests(), olderVersions: options.olderManifests() }),
  );

  app.post(
    '/schema-validator/flow-data',
    {
      schema: {
        tags,
        security,
        summary:
          'Valida um arquivo de fluxo exportado: isValid é falso quando a estrutura não pode ser importada',
        body: z.unknown(),
        response: { 200: validatorResponseSchema, ...errorResponses(401, 413) },
      },
    },
    async (request) => {
      const errors = validateFlow(documentOf(request.body), options.lookup);
      const isValid = !errors.some(
        (issue) => issue.level === 'error' && structuralIssueCodes.includes(issue.code),
      );
      return { isValid, errors };
    },
  );
};

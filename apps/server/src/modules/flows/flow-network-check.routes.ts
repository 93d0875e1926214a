import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flowNetworkCheckBodySchema,
  flowNetworkCheckSchema,
  type FlowNetworkCheck,
  type FlowNetworkCheckBody,
} from '@ponte/shared/flow-network-check.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';

export interface FlowNetworkCheckOptions {
  /** The network guard's refusal of a URL, or null (adapters/outbound-http/url-refusal.ts). */
  urlRefusal: (url: string) => Promise<string | null>;
}

/** URLs checked in one call at most: the first ones of the flow. */
const maxUrls = 200;

/** `http(s)://…` typed as is: an expression (`{{ … }}`) is known only when the flow runs. */
const isLiteralUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^\s*https?:\/\//i.test(value) && !value.includes('{{');

/** Every literal URL among the nodes' parameters, with the guard's refusal of each. */
export async function flowNetworkWarnings(
  body: FlowNetworkCheckBody,
  urlRefusal: FlowNetworkCheckOptions['urlRefusal'],
): Promise<FlowNetworkCheck> {
  const urls = body.data.nodes
    .flatMap((node) =>
      Object.entries(node.params ?? {})
        .filter((entry): entry is [string, string] => isLiteralUrl(entry[1]))
        .map(([param, url]) => ({ node, param, url })),
    )
    .slice(0, maxUrls);
  const refusals = await Promise.all(urls.map(({ url }) => urlRefusal(url)));
  const items = urls.flatMap(({ node, param }, i) => {
    const message = refusals[i];
    return message ? [{ node_uid: node.uid, label: node.label ?? node.uid, param, message }] : [];
  });
  return { items };
}

/** Mounted at /api/v1 (authenticated scope): the editor asks after a save. */
export const flowNetworkCheckRoutes: FastifyPluginAsyncZod<FlowNetworkCheckOptions> = async (
  app,
  { urlRefusal },
) => {
  app.post(
    '/flows/network-check',
    {
      schema: {
        tags: ['Flows'],
        security: bearerSecurity,
        summary:
          'Quais URLs dos conectores a proteção de rede vai recusar (aviso, não impede salvar)',
        body: flowNetworkCheckBodySchema,
        response: { 200: flowNetworkCheckSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => flowNetworkWarnings(request.body, urlRefusal),
  );
};

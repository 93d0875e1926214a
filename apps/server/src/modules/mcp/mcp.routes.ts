import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '@ponte/shared/errors';
import { loadOnce } from '@ponte/shared/load-once';
import { messages } from '@ponte/shared/messages';
import { createRateLimiter } from '../../lib/rate-limiter';
import { errorResponses, idSchema } from '../../lib/route-schemas';
import type { ApiTokensService } from '../api-tokens/api-tokens.service';
import { addressKey } from '../triggers/webhook-limits';
import type { McpTools } from './mcp-tools';

const m = messages.mcpServer;

export interface McpRoutesOptions {
  tools: McpTools;
  tokens: Pick<ApiTokensService, 'verify'>;
  /** Calls per minute per client address (PONTE_WEBHOOK_RATE_LIMIT_ADDRESS; 0: none). */
  perAddress: number;
}

/** The version of what this server offers (tools from flows), told to clients. */
const toolsInterfaceVersion = '1.0.0';

const bearer = /^Bearer +(\S+)\s*$/i;

/** The SDK's server side, loaded on the first call that passed the token (docs/adr/0127). */
const loadMcpSdk = loadOnce(async () => {
  const [server, transport, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    McpServer: server.McpServer,
    StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    CallToolRequestSchema: types.CallToolRequestSchema,
  };
});
type McpSdk = Awaited<ReturnType<typeof loadMcpSdk>>;

/** The SDK's `ErrorCode.ConnectionClosed`, written here so that refusals need no SDK. */
const connectionClosed = -32000;

/** A JSON-RPC error answer without an id (the request was not read). */
const rpcError = (message: string) => ({
  jsonrpc: '2.0' as const,
  error: { code: connectionClosed, message },
  id: null,
});
const rpcErrorSchema = z.object({
  jsonrpc: z.literal('2.0'),
  error: z.object({ code: z.number(), message: z.string() }),
  id: z.null(),
});

/** One MCP server per request (stateless): its tools are the workspace's flows now. */
function serverFor(sdk: McpSdk, workspaceId: string, options: McpRoutesOptions) {
  const mcp = new sdk.McpServer(
    { name: 'ponte', title: 'Ponte', version: toolsInterfaceVersion },
    {
      capabilities: { tools: {} },
      instructions:
        'Ferramentas: os flows deste workspace do Ponte marcados como "Disponível como ferramenta MCP".',
    },
  );
  mcp.server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({
    tools: await options.tools.list(workspaceId),
  }));
  mcp.server.setRequestHandler(sdk.CallToolRequestSchema, (request) =>
    options.tools.call(workspaceId, request.params.name, request.params.arguments),
  );
  return mcp;
}

/** 401 with the challenge a client reads (RFC 6750 §3): the token is missing or refused. */
function refuse(reply: FastifyReply) {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="ponte", error="invalid_token"')
    .send({ statusCode: 401, code: errorCodes.unauthorized, message: m.tokenRefused });
}

/**
 * Ponte as an MCP server (docs/adr/0098): `POST /engine/mcp/{workspace}`, Streamable HTTP
 * without sessions (each POST stands alone, answered as JSON), behind a workspace API token.
 * GET and DELETE (a session's event stream and its end) answer 405 once the token passed.
 */
export const mcpRoutes: FastifyPluginAsyncZod<McpRoutesOptions> = async (app, options) => {
  const limiter = createRateLimiter({ perMinute: options.perAddress });
  const schema = {
    tags: ['Engine'],
    security: [{ workspaceApiToken: [] }],
    params: z.object({ workspace: idSchema }),
  };

  /** Whether the caller may go on; else the answer (429, 401) is sent. */
  const admitted = async (request: FastifyRequest, reply: FastifyReply, workspace: string) => {
    if (options.perAddress > 0) {
      const decision = limiter.take(addressKey(request.ip));
      if (!decision.allowed) {
        const { retryAfterSeconds } = decision;
        const message = m.rateLimited(retryAfterSeconds);
        await reply
          .code(429)
          .header('retry-after', String(retryAfterSeconds))
          .send({ statusCode: 429, code: errorCodes.rateLimited, message });
        return false;
      }
    }
    const token = bearer.exec(request.headers.authorization ?? '')?.[1];
    if (token && (await options.tokens.verify(workspace, token))) return true;
    await refuse(reply);
    return false;
  };

  app.post(
    '/mcp/:workspace',
    {
      schema: {
        ...schema,
        summary:
          'Servidor MCP do workspace (Streamable HTTP, sem sessão): lista e chama os flows marcados como ferramenta',
        response: {
          200: z.unknown().describe('A resposta JSON-RPC'),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      const { workspace } = request.params;
      if (!(await admitted(request, reply, workspace))) return reply;
      const sdk = await loadMcpSdk();
      reply.hijack();
      const server = serverFor(sdk, workspace, options);
      const transport = new sdk.StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'falha no servidor MCP');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(JSON.stringify(rpcError(messages.generic.internal)));
        }
      }
      return reply;
    },
  );

  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp/:workspace',
    schema: {
      ...schema,
      summary: 'Sem sessões nem fluxo de eventos neste servidor MCP: responde 405',
      response: { 405: rpcErrorSchema, ...errorResponses(401, 429) },
    },
    handler: async (request, reply) => {
      if (!(await admitted(request, reply, request.params.workspace))) return reply;
      return reply.code(405).header('allow', 'POST').send(rpcError(m.methodNotAllowed));
    },
  });
};

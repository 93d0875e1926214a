import { defineModule } from '../../container/server-module';
import type { WebhookRateLimit } from '../triggers/triggers.config';
import { defaultWebhookRateLimit } from '../triggers/webhook-limits';
import { createMcpTools } from './mcp-tools';
import { mcpRoutes } from './mcp.routes';

export interface McpOptions {
  /** PONTE_WEBHOOK_RATE_LIMIT_ADDRESS also limits MCP calls per client address. */
  webhookRateLimit?: WebhookRateLimit;
  /** How long a tool call waits for its flow's end (default 60 s; tests shorten it). */
  mcpToolTimeoutMs?: number;
}

/**
 * Ponte as an MCP server (docs/adr/0098): the flows a workspace marks as tools, listed and
 * called by MCP clients holding one of its API tokens.
 */
export const mcpModule = defineModule({
  name: 'mcp',
  needs: ['flowsRepository', 'runner', 'apiTokens'],
  provides: [],
  create: () => ({}),
  routes: {
    public: (app, { flowsRepository, runner, apiTokens }, options: McpOptions) =>
      app.register(mcpRoutes, {
        prefix: '/engine',
        tokens: apiTokens,
        perAddress: (options.webhookRateLimit ?? defaultWebhookRateLimit).perAddress,
        tools: createMcpTools({
          enabledFlows: (workspaceId) => flowsRepository.listEnabled(workspaceId),
          enqueue: (request) => runner.enqueue(request),
          ...(options.mcpToolTimeoutMs ? { timeoutMs: options.mcpToolTimeoutMs } : {}),
        }),
      }),
  },
});

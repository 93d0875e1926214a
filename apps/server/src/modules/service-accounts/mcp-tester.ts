import { listMcpTools } from '@ponte/engine/connectors/mcp/mcp-client';
import { messages } from '@ponte/shared/messages';
import type { ConnectionTester } from './connection-testers';
import type { TokenSource } from './token-sources';

/**
 * 'Testar conexão' of an MCP server's account (docs/adr/0097): the engine's MCP client connects
 * through the guarded HTTP client, initialises and lists the server's tools. An OAuth2 account
 * gets its token from the OAuth2 token source (refreshed when it expires).
 */
export function createMcpTester(oauthTokens: TokenSource | undefined): ConnectionTester {
  return async (account, { http, signal }) => {
    const tools = await listMcpTools({
      account,
      http,
      accessToken: (force) => {
        if (!oauthTokens) throw new Error(messages.serviceAccounts.notOauth2);
        return oauthTokens(account, { force, signal });
      },
      signal,
    });
    return messages.mcp.testOk(tools.map((tool) => tool.name));
  };
}

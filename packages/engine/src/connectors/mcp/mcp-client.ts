/**
 * The MCP client (docs/adr/0097): the official SDK's `Client` over its
 * `StreamableHTTPClientTransport`, every request through the engine's HTTP port (the network
 * guard, `portFetch`), with an account of type `mcp`.
 *
 * How a step uses it (the 'Chamar ferramenta MCP' connector, the AI agent):
 *
 *   const mcp = await openMcpConnection(accountId, { ports, scope, signal });
 *   const tools = await listMcpTools(mcp);          // [{ name, description, inputSchema }]
 *   const result = await callMcpTool(mcp, 'busca', { termo: 'x' });
 *   // { content, structuredContent?, isError, text }: text is the textual content joined,
 *   // for a model; a tool's own failure is `isError: true`, never a throw.
 *
 * Several calls in a row share one initialised session with `openMcpSession(mcp)` (`listTools`,
 * `callTool`, `close`). A connection is also built from a call the kit opened
 * (`mcpConnection(call)`) or, in the server's 'Testar conexão', from the account, the guarded
 * HTTP client and a token source. Every function rejects with a pt-BR message: the network
 * guard's refusal, the server's (401/403 name the account), a time limit, a protocol error.
 */
import { loadOnce } from '@ponte/shared/load-once';
import { messages } from '@ponte/shared/messages';
import { hostChecker } from '../../nodes/actions/http-request/http-auth';
import type { HttpPort, ServiceAccount } from '../../ports';
import type { ConnectorCall } from '../kit/connector-http';
import { openCall, type ConnectorService } from '../kit/define-connector';
import { McpRefusalError, portFetch } from './mcp-fetch';

const m = messages.mcp;

/** How long one request to the server may take (the SDK's default too). */
export const mcpTimeoutMs = 60_000;
/** Pages of `tools/list` read at most. */
const maxToolPages = 20;

/** What the client needs: the account (decrypted), the guarded HTTP port, a signal. */
export interface McpConnection {
  account: ServiceAccount;
  http: HttpPort;
  /** The bearer token of an OAuth2 account; `force` asks a new one (after a 401). */
  accessToken(force: boolean): Promise<string>;
  signal: AbortSignal;
}

export interface McpTool {
  name: string;
  description: string;
  /** The tool's JSON Schema for its arguments. */
  inputSchema: Record<string, unknown>;
}

export interface McpToolResult {
  /** The tool's content blocks as the server sent them. */
  content: unknown;
  /** The tool's structured result, when it gives one. */
  structuredContent?: Record<string, unknown>;
  isError: boolean;
  /** The text blocks of the content, joined by blank lines. */
  text: string;
}

/** The account type the kit checks when a node opens its account. */
export const mcpService: ConnectorService = {
  service: 'mcp',
  label: 'Servidor MCP',
  accountTypes: ['mcp'],
  baseUrl: (account) => String(account.data.url ?? ''),
  authorize: () => undefined,
  errorMessage: () => undefined,
};

/** A connection from a call the kit opened (`openCall(mcpService, …)`). */
export function mcpConnection(
  call: Pick<ConnectorCall, 'account' | 'ports' | 'scope' | 'signal'>,
): McpConnection {
  const { account, ports, scope, signal } = call;
  return {
    account,
    http: ports.http,
    accessToken: (force) =>
      ports.serviceAccounts.accessToken(scope, account._id, { force, signal }),
    signal,
  };
}

/** The `mcp` account of the scope's workspace, checked, as a connection. */
export async function openMcpConnection(
  accountId: string,
  context: Pick<ConnectorCall, 'ports' | 'scope' | 'signal'>,
): Promise<McpConnection> {
  return mcpConnection(await openCall(mcpService, accountId, context));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The server's endpoint of the account, or a pt-BR refusal. */
function endpointOf(account: ServiceAccount): URL {
  const url = text(account.data.url);
  if (!url) throw new Error(m.urlRequired);
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed;
  } catch {
    // Not a URL: said below.
  }
  throw new Error(m.urlInvalid(url));
}

/** The headers that prove who the client is, by the account's 'Autenticação'. */
function credentialOf(connection: McpConnection) {
  const { account } = connection;
  const auth = text(account.data.auth) || 'none';
  return async (force: boolean): Promise<Record<string, string>> => {
    if (auth === 'bearer') {
      const token = text(account.data.token);
      if (!token) throw new Error(m.tokenRequired(account.name));
      return { authorization: `Bearer ${token}` };
    }
    if (auth === 'oauth2')
      return { authorization: `Bearer ${await connection.accessToken(force)}` };
    return {};
  };
}

/** The SDK's client side, loaded on the first MCP session (docs/adr/0127). */
const loadMcpSdk = loadOnce(async () => {
  const [client, transport, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Client: client.Client,
    StreamableHTTPClientTransport: transport.StreamableHTTPClientTransport,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
  };
});
type McpSdk = Awaited<ReturnType<typeof loadMcpSdk>>;

/** Any failure of the SDK or the adapter as the person reads it; an abort stays the abort. */
function readable(sdk: McpSdk, error: unknown, signal: AbortSignal): Error {
  if (signal.aborted) return signal.reason as Error;
  if (error instanceof McpRefusalError) return error;
  if (error instanceof sdk.McpError) {
    return error.code === (sdk.ErrorCode.RequestTimeout as number)
      ? new Error(m.timeout(mcpTimeoutMs / 1000))
      : new Error(m.protocol(error.message));
  }
  return new Error(m.protocol(error instanceof Error ? error.message : String(error)));
}

/** One initialised session with the server: list tools, call tools, then close. */
export async function openMcpSession(connection: McpConnection) {
  const { account, http, signal } = connection;
  const endpoint = endpointOf(account);
  const auth = text(account.data.auth);
  const sdk = await loadMcpSdk();
  const transport = new sdk.StreamableHTTPClientTransport(endpoint, {
    fetch: portFetch({
      http,
      signal,
      timeoutMs: mcpTimeoutMs,
      checkHost: hostChecker(account),
      credential: credentialOf(connection),
      renewable: auth === 'oauth2',
      account: account.name,
    }),
  });
  const client = new sdk.Client({ name: 'ponte', version: '1.0.0' });
  const options = { signal, timeout: mcpTimeoutMs };
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw readable(sdk, error, signal);
    }
  };
  await guarded(() => client.connect(transport, options));
  return {
    /** Every tool of the server, page after page. */
    listTools: () =>
      guarded(async () => {
        const tools: McpTool[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < maxToolPages; page++) {
          const answer = await client.listTools(cursor ? { cursor } : undefined, options);
          for (const tool of answer.tools) {
            tools.push({
              name: tool.name,
              description: tool.description ?? '',
              inputSchema: tool.inputSchema as Record<string, unknown>,
            });
          }
          cursor = answer.nextCursor;
          if (!cursor) break;
        }
        return tools;
      }),
    /** One tool's result: a tool that fails says so in `isError`, it does not throw. */
    callTool: (name: string, args: Record<string, unknown>) =>
      guarded(async (): Promise<McpToolResult> => {
        const answer = await client.callTool({ name, arguments: args }, undefined, options);
        const content = 'content' in answer ? answer.content : answer.toolResult;
        const blocks = Array.isArray(content)
          ? (content as { type?: unknown; text?: unknown }[])
          : [];
        return {
          content,
          ...(answer.structuredContent
            ? { structuredContent: answer.structuredContent as Record<string, unknown> }
            : {}),
          isError: answer.isError === true,
          text: blocks
            .filter((block) => block.type === 'text' && typeof block.text === 'string')
            .map((block) => block.text as string)
            .join('\n\n'),
        };
      }),
    /** Ends the session: the server forgets it (DELETE) when it kept one. */
    async close() {
      if (transport.sessionId) {
        // Best effort: a server that keeps no session, or has already dropped it, refuses it.
        await transport.terminateSession().catch(() => undefined);
      }
      await client.close();
    },
  };
}

export type McpSession = Awaited<ReturnType<typeof openMcpSession>>;

async function withSession<T>(
  connection: McpConnection,
  work: (session: McpSession) => Promise<T>,
) {
  const session = await openMcpSession(connection);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

/** The server's tools: `[{ name, description, inputSchema }]`. */
export const listMcpTools = (connection: McpConnection): Promise<McpTool[]> =>
  withSession(connection, (session) => session.listTools());

/** Calls one tool with its arguments (one session, closed after). */
export const callMcpTool = (
  connection: McpConnection,
  name: string,
  args: Record<string, unknown>,
): Promise<McpToolResult> => withSession(connection, (session) => session.callTool(name, args));

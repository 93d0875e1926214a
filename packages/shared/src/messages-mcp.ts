/**
 * The MCP client (docs/ai.md 'Servidores MCP (cliente)', docs/adr/0097): the account's test,
 * the 'Chamar ferramenta MCP' step and the refusals of a server, in pt-BR.
 */
export const mcpMessages = {
  /** 'Testar conexão': the server initialised and listed its tools. */
  testOk: (tools: readonly string[]) =>
    tools.length === 0
      ? 'Conectado: o servidor não oferece nenhuma ferramenta.'
      : `Conectado: ${tools.length === 1 ? '1 ferramenta' : `${tools.length} ferramentas`}: ${tools.slice(0, 10).join(', ')}${tools.length > 10 ? ', …' : ''}.`,
  urlRequired: 'Informe a URL do servidor MCP (ex.: https://mcp.exemplo.com.br/mcp).',
  urlInvalid: (url: string) => `A URL do servidor MCP não é um endereço http(s) válido: ${url}`,
  tokenRequired: (account: string) =>
    `A conta de serviço "${account}" usa Token (Bearer), mas o token está vazio.`,
  /** 401/403 from the server. */
  credentialRefused: (account: string, status: number) =>
    `O servidor MCP recusou a credencial da conta de serviço "${account}" (status ${status}).`,
  /** Any other HTTP refusal. */
  refused: (status: number, reason: string) =>
    `O servidor MCP recusou o pedido (status ${status})${reason ? `: ${reason}` : '.'}`,
  /** The request never got an answer (the network guard, a refused connection, a timeout). */
  unreachable: (reason: string) => `Não foi possível falar com o servidor MCP: ${reason}`,
  timeout: (seconds: number) => `O servidor MCP não respondeu em ${seconds} s.`,
  /** A JSON-RPC error or an answer the client could not read. */
  protocol: (reason: string) => `O servidor MCP respondeu com um erro: ${reason}`,
  toolRequired: 'Escolha a ferramenta MCP a chamar.',
  argumentsInvalid: 'Os argumentos não são um JSON válido.',
  argumentsNotObject: 'Os argumentos devem ser um objeto JSON, como {"cidade": "Recife"}.',
  /** A tool result with `isError`: the tool's own text. */
  toolFailed: (tool: string, text: string) =>
    `A ferramenta MCP "${tool}" falhou${text ? `: ${text}` : '.'}`,
};

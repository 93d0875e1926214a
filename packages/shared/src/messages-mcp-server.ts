/**
 * Ponte as an MCP server (docs/ai.md, docs/adr/0098): the workspace's API tokens and the flows
 * offered as tools.
 */
export const mcpServerMessages = {
  tokenShownOnce:
    'Copie o token agora: ele não será mostrado de novo. Se perdê-lo, revogue-o e crie outro.',
  tokenRevoked: 'Token revogado.',
  tokenNotFound: 'Token de API não encontrado.',
  tokenNameLength: 'O nome do token deve ter entre 1 e 120 caracteres.',
  tokensLimit: (max: number) =>
    `Este workspace já tem ${max} tokens de API. Revogue algum antes de criar outro.`,
  tokenCreatedEvent: (name: string) => `Token de API "${name}" criado.`,
  tokenRevokedEvent: (name: string) => `Token de API "${name}" revogado.`,
  tokenExpiryRange: 'A validade do token deve ser de 1 a 365 dias.',
  /** The refusal of the MCP endpoint (401), whatever was wrong with the token. */
  tokenRefused:
    'Token de API ausente, inválido, revogado, expirado ou de outro workspace. Crie um em "Tokens de API".',
  /** The flow option refused when the flow does not start with 'Chamado por outro flow'. */
  toolNeedsFlowTrigger:
    'Só um flow iniciado por "Chamado por outro flow" pode ser uma ferramenta MCP: troque o gatilho ou desligue a opção "Disponível como ferramenta MCP".',
  toolDescriptionLength: 'A descrição da ferramenta deve ter no máximo 1000 caracteres.',
  toolNotFound: (name: string) => `A ferramenta "${name}" não existe neste workspace.`,
  toolArgumentsNotObject: 'Os argumentos da ferramenta devem ser um objeto.',
  toolTimeout: (seconds: number) =>
    `O flow não terminou em ${seconds} s. A execução pode continuar; veja-a no monitoramento.`,
  toolBusy: (seconds: number) =>
    `O flow está ocupado e a execução não começou. Tente de novo em ${seconds} s.`,
  toolFailed: (error: string) => `O flow terminou com erro: ${error}`,
  rateLimited: (seconds: number) =>
    `Muitas chamadas ao servidor MCP deste endereço. Tente de novo em ${seconds} s.`,
  methodNotAllowed:
    'Este servidor MCP não abre sessões nem fluxos de eventos: envie cada mensagem por POST.',
} as const;

/** The 'Agente de IA' node (docs/ai.md, docs/adr/0099): its refusals and what it tells the model. */
export const agentMessages = {
  stepsRange: (value: string) =>
    `O máximo de passos deve ser um número inteiro de 1 a 50 (recebeu ${value}).`,
  timeRange: (value: string) =>
    `O tempo máximo deve ser um número de 1 a 900 segundos (recebeu ${value}).`,
  windowRange: (value: string) =>
    `As mensagens lembradas devem ser um número inteiro de 1 a 200 (recebeu ${value}).`,
  retentionRange: (value: string) =>
    `O tempo de guarda da conversa deve ser um número inteiro de 1 a 3650 dias (recebeu ${value}).`,
  fallbackModelRequired: 'Informe o modelo reserva, ou deixe a conta reserva vazia.',
  conversationTooLong: 'A chave da conversa deve ter no máximo 200 caracteres.',
  /** The model still asked for tools after the last allowed step. */
  tooManySteps: (steps: number) =>
    `O agente chegou ao limite de ${steps} ${steps === 1 ? 'passo' : 'passos'} sem uma resposta final. Aumente "Máximo de passos" ou simplifique a tarefa.`,
  tooLong: (seconds: number) =>
    `O agente passou do tempo máximo de ${seconds} s sem uma resposta final.`,
  /** Both the model and the fallback failed. */
  fallbackFailed: (primary: string, fallback: string) =>
    `O modelo principal falhou (${primary}) e o modelo reserva também (${fallback}).`,
  /** Logged when the fallback answers for the main model. */
  usingFallback: (reason: string) =>
    `O modelo principal falhou (${reason}); usando o modelo reserva.`,
  /** Told to the model: it named a tool it was not given. */
  unknownTool: (name: string) =>
    `Ferramenta desconhecida: ${name}. Use apenas as ferramentas listadas.`,
  /** Told to the model: its arguments were not a JSON object. */
  badArguments: (name: string) =>
    `Os argumentos da ferramenta ${name} não são um objeto JSON. Chame de novo com um objeto JSON.`,
  /** Told to the model: the tool failed. */
  toolFailed: (message: string) => `A ferramenta falhou: ${message}`,
  /** Told to the model: the output was cut. */
  outputCut: (chars: number) => `… (resposta cortada em ${chars} caracteres)`,
  /** An MCP tool answered an error without text. */
  mcpToolFailed: (name: string) => `A ferramenta MCP ${name} respondeu com erro.`,
  /** A sub-flow tool whose flow is an expression: the model fills the whole payload. */
  flowPayload: 'O payload enviado ao flow (um objeto JSON).',
  /** Logged when a call waits for a person (docs/adr/0100). */
  approvalAsked: (tool: string, url: string) =>
    `A chamada da ferramenta "${tool}" aguarda aprovação: decida em Monitoramento > Execuções em tempo real ou pelo link ${url}`,
  /** Why the execution waits. */
  waitingApproval: (tool: string) => `Aguardando aprovação da ferramenta "${tool}".`,
  /** Logged when the execution resumes. */
  approvalDecided: (tool: string, approved: boolean, by: string) =>
    `A chamada da ferramenta "${tool}" foi ${approved ? 'aprovada' : 'rejeitada'} por ${by}.`,
  /** Told to the model: a person refused the call. */
  approvalRejected: (reason: string | null) =>
    `Uma pessoa rejeitou esta chamada da ferramenta${reason ? `. Motivo: ${reason.replace(/[.!?…\s]+$/u, '')}` : ''}. Não chame esta ferramenta de novo com os mesmos argumentos; responda sem ela ou explique ao usuário.`,
  /** A decision on an approval decided before (409). */
  approvalAlreadyDecided: 'Esta aprovação já foi decidida.',
  /** A decision on an approval whose execution failed, stopped or was removed (409). */
  approvalNotWaiting:
    'A execução desta aprovação não está mais aguardando (terminou com erro ou foi interrompida).',
  approvalNotFound: 'Aprovação não encontrada.',
  approvalLinkInvalid: 'Link de aprovação inválido ou expirado.',
  /** Who decided through the public link. */
  approvalByLink: 'Link de aprovação',
  /** A caller waited for an execution that now waits for a person. */
  executionWaiting:
    'A execução aguarda a decisão de uma pessoa (aprovação de uma ferramenta do agente) e continua depois dela; não há resposta a esperar agora.',
  /** The resumed state does not belong to this node's version of the agent. */
  resumeUnreadable:
    'Não foi possível continuar o agente após a aprovação: o estado guardado é de outra versão do conector.',
} as const;

import type { ConnectorResponse } from '../kit/define-connector';

/**
 * Slack's refusals in pt-BR, naming the field (the `error` codes of https://api.slack.com/methods/chat.postMessage,
 * .../chat.update, .../files.completeUploadExternal and https://api.slack.com/web#errors).
 */
const known: Record<string, string> = {
  channel_not_found:
    'o canal do campo "Canal" não existe ou o app não o vê (para um canal privado, convide o app)',
  not_in_channel:
    'o app não é membro do canal do campo "Canal" (convide-o no canal com /invite @nome-do-app)',
  is_archived: 'o canal do campo "Canal" está arquivado',
  invalid_blocks: 'o campo "Blocos" tem blocos inválidos para o Block Kit',
  invalid_blocks_format: 'o campo "Blocos" não é uma lista de blocos do Block Kit',
  msg_too_long: 'o campo "Texto" passa do tamanho máximo de uma mensagem',
  no_text: 'informe o campo "Texto" ou o campo "Blocos"',
  message_not_found: 'a mensagem do campo "Mensagem (ts)" não existe nesse canal',
  cant_update_message: 'o app só pode atualizar mensagens que ele mesmo enviou',
  thread_not_found: 'a conversa do campo "Conversa (thread_ts)" não existe nesse canal',
  user_not_found: 'a pessoa do campo "Usuário" não existe',
  invalid_auth: 'o token da conta de serviço não vale mais (autorize a conta de novo)',
  not_authed: 'a conta de serviço não tem token (autorize a conta)',
  token_revoked: 'o token da conta de serviço foi revogado (autorize a conta de novo)',
  account_inactive: 'o app foi removido do workspace do Slack (autorize a conta de novo)',
  file_uploads_disabled: 'o workspace do Slack não permite enviar arquivos',
};

/** The pt-BR message of a Slack refusal (`{ok: false, error}`), or undefined when it has none. */
export function slackErrorMessage(response: ConnectorResponse): string | undefined {
  const body = (response.body ?? {}) as { error?: unknown; needed?: unknown };
  const error = typeof body.error === 'string' ? body.error : '';
  if (!error) return undefined;
  if (error === 'missing_scope') {
    const needed = typeof body.needed === 'string' && body.needed ? ` (${body.needed})` : '';
    return `O Slack recusou a chamada: falta ao app a permissão${needed}; adicione-a em OAuth & Permissions e autorize a conta de novo.`;
  }
  const reason = known[error];
  return reason ? `O Slack recusou a chamada: ${reason}.` : `O Slack recusou a chamada: ${error}.`;
}

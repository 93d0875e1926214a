import { defineConnector, type ConnectorResponse } from '../kit/define-connector';

/**
 * WhatsApp Business Cloud API (Meta Graph API,
 * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages): `POST
 * {base}/{phone-number-id}/messages` with `Authorization: Bearer <token>`; errors are
 * `{error: {message, type, code, error_subcode, error_data: {details}, fbtrace_id}}`.
 */

/** The Graph API's address with the version Ponte was written against. */
export const whatsappApiUrl = 'https://graph.facebook.com/v23.0';

interface GraphError {
  message?: string;
  code?: number;
  error_data?: { details?: string };
}

const graphError = (response: ConnectorResponse): GraphError => {
  const body = response.body as { error?: GraphError } | undefined;
  return body && typeof body === 'object' && body.error && typeof body.error === 'object'
    ? body.error
    : {};
};

/** Meta's codes people meet most (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
const known: Record<number, string> = {
  0: 'a conta de serviço não autenticou (confira o token de acesso)',
  190: 'o token de acesso da conta de serviço venceu ou foi revogado',
  10: 'o token de acesso não tem a permissão whatsapp_business_messaging',
  100: 'um parâmetro da chamada é inválido',
  131008: 'falta um parâmetro obrigatório',
  131009: 'um valor informado não é aceito',
  131026:
    'a mensagem não pôde ser entregue a esse número (ele não usa WhatsApp ou não aceitou os termos)',
  131030: 'o número de "Para" não está na lista de destinatários permitidos do número de teste',
  131047:
    'passaram mais de 24 horas desde a última mensagem da pessoa: só um modelo aprovado pode reabrir a conversa',
  131051: 'esse tipo de mensagem não é aceito',
  132000: 'o número de variáveis não é o que o modelo espera',
  132001: 'o modelo não existe nesse idioma (confira "Nome do modelo" e "Idioma")',
  133010: 'o número de telefone da conta não está registrado na Cloud API',
};

/** Meta's throughput and rate-limit codes, answered with status 400. */
const limitCodes = new Set([4, 80007, 130429, 131048, 131056]);

function errorMessage(response: ConnectorResponse): string | undefined {
  const error = graphError(response);
  if (error.code === undefined && !error.message) return undefined;
  const reason = error.code !== undefined ? known[error.code] : undefined;
  const detail = error.error_data?.details ?? error.message ?? '';
  const code = error.code !== undefined ? ` (código ${error.code})` : '';
  return reason
    ? `O WhatsApp recusou a chamada: ${reason}${detail ? ` — ${detail}` : ''}${code}.`
    : `O WhatsApp recusou a chamada: ${detail}${code}.`;
}

/** '+55 (11) 91234-5678' → '5511912345678': the API takes the number in digits with the country. */
export function whatsappNumber(value: unknown): string {
  const digits = String(value ?? '').replace(/\D/g, '');
  if (digits.length < 8) throw new Error(`"Para" não é um número de telefone: ${String(value)}.`);
  return digits;
}

const message = (p: Record<string, unknown>, type: string, content: Record<string, unknown>) => ({
  method: 'POST' as const,
  path: 'messages',
  json: {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: whatsappNumber(p.to),
    type,
    [type]: content,
  },
});

const rows = (value: unknown) =>
  (Array.isArray(value) ? value : []).filter(
    (row): row is Record<string, unknown> => !!row && typeof row === 'object',
  );

/** The reply buttons of an interactive message: 1 to 3, titles of at most 20 characters. */
function buttons(value: unknown) {
  const list = rows(value).filter((row) => String(row.title ?? '').trim());
  if (list.length < 1 || list.length > 3)
    throw new Error('"Botões" precisa de 1 a 3 botões com título (limite do WhatsApp).');
  return list.map((row, index) => {
    const title = String(row.title).trim();
    if (title.length > 20)
      throw new Error(`O título do botão "${title}" passa de 20 caracteres (limite do WhatsApp).`);
    return { type: 'reply', reply: { id: String(row.id || `botao_${index + 1}`), title } };
  });
}

export const whatsappConnector = defineConnector({
  service: 'whatsapp',
  label: 'WhatsApp',
  description: 'Envia mensagens, modelos, mídias e botões pela WhatsApp Business Cloud API (Meta).',
  icon: 'brand-whatsapp',
  accountTypes: ['whatsapp_cloud'],
  baseUrl: whatsappApiUrl,
  params: {
    to: {
      type: 'text',
      label: 'Para',
      required: true,
      placeholder: '+55 11 91234-5678',
      description: 'O número de WhatsApp de quem recebe, com o código do país (+55).',
    },
    text: { type: 'textarea', label: 'Texto', required: true },
    preview_url: { type: 'boolean', label: 'Mostrar prévia de links', default: false },
    template_name: {
      type: 'text',
      label: 'Nome do modelo',
      required: true,
      placeholder: 'confirmacao_pedido',
      description: 'O nome do modelo aprovado no WhatsApp Manager.',
    },
    language: {
      type: 'text',
      label: 'Idioma',
      default: 'pt_BR',
      description: 'O código do idioma do modelo, como no WhatsApp Manager (pt_BR, en_US).',
    },
    template_variables: {
      type: 'table-params',
      label: 'Variáveis do corpo',
      description: 'Os valores de {{1}}, {{2}}… do corpo do modelo, na ordem.',
      columns: [{ key: 'value', label: 'Valor', type: 'text' }],
    },
    media_type: {
      type: 'select',
      label: 'Tipo de mídia',
      default: 'image',
      options: [
        { label: 'Imagem', value: 'image' },
        { label: 'Documento', value: 'document' },
        { label: 'Áudio', value: 'audio' },
        { label: 'Vídeo', value: 'video' },
      ],
    },
    media_link: {
      type: 'text',
      label: 'Link da mídia',
      required: true,
      placeholder: 'https://exemplo.com.br/boleto.pdf',
      description: 'Uma URL pública (https) que o WhatsApp baixa.',
    },
    caption: { type: 'textarea', label: 'Legenda' },
    filename: {
      type: 'text',
      label: 'Nome do arquivo',
      placeholder: 'boleto.pdf',
      description: 'Só para documentos: o nome que a pessoa vê.',
    },
    body: { type: 'textarea', label: 'Texto da mensagem', required: true },
    buttons: {
      type: 'table-params',
      label: 'Botões',
      description: 'De 1 a 3 botões de resposta; o título tem até 20 caracteres.',
      columns: [
        { key: 'id', label: 'ID', type: 'text' },
        { key: 'title', label: 'Título', type: 'text' },
      ],
    },
    message_id: {
      type: 'text',
      label: 'ID da mensagem',
      required: true,
      placeholder: 'wamid.HBgN…',
      description: 'O id (wamid) de uma mensagem recebida.',
    },
  },
  operations: {
    send_text: {
      resource: 'Mensagem',
      action: 'Enviar texto',
      params: ['to', 'text', 'preview_url'],
      request: (p) =>
        message(p, 'text', { body: p.text, ...(p.preview_url ? { preview_url: true } : {}) }),
    },
    send_template: {
      resource: 'Modelo',
      action: 'Enviar',
      params: ['to', 'template_name', 'language', 'template_variables'],
      request: (p) => {
        const values = rows(p.template_variables).map((row) => String(row.value ?? ''));
        return message(p, 'template', {
          name: String(p.template_name).trim(),
          language: { code: String(p.language || 'pt_BR').trim() },
          ...(values.length
            ? {
                components: [
                  {
                    type: 'body',
                    parameters: values.map((text) => ({ type: 'text', text })),
                  },
                ],
              }
            : {}),
        });
      },
    },
    send_media: {
      resource: 'Mídia',
      action: 'Enviar',
      params: ['to', 'media_type', 'media_link', 'caption', 'filename'],
      request: (p) => {
        const type = String(p.media_type || 'image');
        return message(p, type, {
          link: p.media_link,
          ...(p.caption && type !== 'audio' ? { caption: p.caption } : {}),
          ...(p.filename && type === 'document' ? { filename: p.filename } : {}),
        });
      },
    },
    send_buttons: {
      resource: 'Botões',
      action: 'Enviar',
      params: ['to', 'body', 'buttons'],
      request: (p) =>
        message(p, 'interactive', {
          type: 'button',
          body: { text: p.body },
          action: { buttons: buttons(p.buttons) },
        }),
    },
    mark_read: {
      resource: 'Mensagem',
      action: 'Marcar como lida',
      params: ['message_id'],
      request: (p) => ({
        method: 'POST',
        path: 'messages',
        json: { messaging_product: 'whatsapp', status: 'read', message_id: p.message_id },
      }),
    },
  },
  authorize(account, request) {
    const token = String(account.data.access_token ?? '');
    const phone = String(account.data.phone_number_id ?? '').trim();
    if (!token) throw new Error(`A conta "${account.name}" não tem o token de acesso.`);
    if (!phone) throw new Error(`A conta "${account.name}" não tem o ID do número de telefone.`);
    request.headers.authorization = `Bearer ${token}`;
    // Every call is under the account's number: {base}/{phone-number-id}/messages.
    request.url.pathname = request.url.pathname.replace(
      /\/([^/]*)$/,
      `/${encodeURIComponent(phone)}/$1`,
    );
  },
  errorMessage,
  rateLimited: (response) => limitCodes.has(Number(graphError(response).code)),
});

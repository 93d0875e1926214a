import { defineNode } from '../../../kit/define-node';
import { formatRecipient, parseRecipients } from './address-list';
import { mailAttachments } from './mail-attachments';

/** `a@x.com; Bia <b@y.com>, c@z.com` → the recipients as headers write them, or a pt-BR error. */
export function recipients(to: string): string[] {
  return parseRecipients(to).map(formatRecipient);
}

export const sendEmailNode = defineNode({
  type: 'core_send_email',
  version: 1,
  category: 'action',
  label: 'Enviar e-mail',
  description: 'Envia um e-mail por uma conta de serviço SMTP.',
  icon: 'mail',
  params: {
    service_account: {
      type: 'service_account',
      label: 'Conta SMTP',
      required: true,
      accepts: ['smtp_account'],
    },
    to: {
      type: 'text',
      label: 'Para',
      required: true,
      description: 'Separe vários endereços com vírgula; aceita Nome <email@dominio>.',
    },
    cc: { type: 'text', label: 'Cópia (Cc)', description: 'Separe vários endereços com vírgula.' },
    bcc: {
      type: 'text',
      label: 'Cópia oculta (Cco)',
      description: 'Separe vários endereços com vírgula.',
    },
    subject: { type: 'text', label: 'Assunto', required: true },
    html: { type: 'code-editor', label: 'Corpo em HTML', language: 'html' },
    text: { type: 'textarea', label: 'Corpo em texto' },
    attachments: {
      type: 'textarea',
      label: 'Anexos',
      valueType: 'any',
      placeholder: '{{ msg.attachments }}',
      description:
        'Uma lista de {filename, content, contentType}; content em base64 (ou texto com encoding: "text"). Até 20 anexos e 10 MB.',
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const to = recipients(params.to);
    const cc = params.cc?.trim() ? recipients(params.cc) : undefined;
    const bcc = params.bcc?.trim() ? recipients(params.bcc) : undefined;
    const attachments = mailAttachments(params.attachments);
    if (!params.html?.trim() && !params.text?.trim()) {
      throw new Error('Informe o corpo do e-mail, em HTML ou em texto.');
    }
    const sent = await ports.mail.send(
      scope,
      {
        serviceAccountId: params.service_account,
        to,
        ...(cc ? { cc } : {}),
        ...(bcc ? { bcc } : {}),
        subject: params.subject,
        ...(params.html ? { html: params.html } : {}),
        ...(params.text ? { text: params.text } : {}),
        ...(attachments.length ? { attachments } : {}),
      },
      signal,
    );
    return {
      output: 'default',
      msg: {
        ...input,
        email: {
          to,
          ...(cc ? { cc } : {}),
          ...(bcc ? { bcc } : {}),
          ...(attachments.length ? { attachments: attachments.map((a) => a.filename) } : {}),
          message_id: sent.messageId ?? null,
        },
      },
    };
  },
});

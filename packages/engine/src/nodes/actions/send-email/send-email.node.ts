import { defineNode } from '../../../kit/define-node';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * RFC 5321 caps an address at 254 characters. Longer text is refused before the pattern, which
 * is quadratic on a long dotted text from a webhook (200 000 characters took minutes).
 */
const maxAddressLength = 254;

/** `a@x.com; b@y.com, c@z.com` → the list, or a pt-BR error naming the bad address. */
export function recipients(to: string): string[] {
  const list = to
    .split(/[;,]/)
    .map((address) => address.trim())
    .filter(Boolean);
  if (!list.length) throw new Error('Informe ao menos um destinatário.');
  const bad = list.find(
    (address) => address.length > maxAddressLength || !emailPattern.test(address),
  );
  if (bad) {
    const shown = bad.length > 80 ? `${bad.slice(0, 80)}…` : bad;
    throw new Error(`Endereço de e-mail inválido: ${shown}`);
  }
  return list;
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
      description: 'Separe vários endereços com vírgula.',
    },
    subject: { type: 'text', label: 'Assunto', required: true },
    html: { type: 'code-editor', label: 'Corpo em HTML', language: 'html' },
    text: { type: 'textarea', label: 'Corpo em texto' },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const to = recipients(params.to);
    if (!params.html?.trim() && !params.text?.trim()) {
      throw new Error('Informe o corpo do e-mail, em HTML ou em texto.');
    }
    const sent = await ports.mail.send(
      scope,
      {
        serviceAccountId: params.service_account,
        to,
        subject: params.subject,
        ...(params.html ? { html: params.html } : {}),
        ...(params.text ? { text: params.text } : {}),
      },
      signal,
    );
    return {
      output: 'default',
      msg: { ...input, email: { to, message_id: sent.messageId ?? null } },
    };
  },
});

import { defineConnector, type ConnectorResponse } from '../kit/define-connector';
import {
  awsAuthorize,
  awsRefusal,
  jsonAnswer,
  jsonErrorCode,
  jsonErrorMessage,
  listParam,
  regionalEndpoint,
} from './aws-account';

/**
 * Amazon SES API v2, SendEmail
 * (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html):
 * `POST /v2/email/outbound-emails` with a JSON body, signed with SigV4 (service `ses`); a
 * refusal carries its code in `x-amzn-ErrorType` and `{message}` in the body; throttling is
 * `TooManyRequestsException` (429), which the kit waits out.
 */

const label = 'Amazon SES';

/** SESv2's refusals people meet most, in pt-BR and naming the field. */
const known: Record<string, string> = {
  MessageRejected: 'o SES rejeitou o e-mail (veja o "De", os destinatários e o conteúdo)',
  MailFromDomainNotVerifiedException: 'o domínio do "De" não está verificado no SES',
  AccountSuspendedException: 'o envio de e-mails da conta AWS está suspenso',
  SendingPausedException: 'o envio de e-mails está pausado nesta região',
  LimitExceededException: 'a conta AWS passou do limite de envios do SES',
  NotFoundException: 'o SES não encontrou o remetente ou a configuração pedida',
};

function errorMessage(response: ConnectorResponse): string | undefined {
  const code = jsonErrorCode(response);
  const message = jsonErrorMessage(response);
  // An address SES has not verified (any sender; in the sandbox, recipients too).
  if (message && /not verified/i.test(message)) {
    return `O ${label} recusou a chamada: o endereço de "De" (ou, no sandbox do SES, um destinatário) não está verificado (${message}).`;
  }
  return awsRefusal(label, known, code, message);
}

const content = (data: string) => ({ Data: data, Charset: 'UTF-8' });

export const sesConnector = defineConnector({
  service: 'aws_ses',
  label,
  description: 'Envia e-mails pelo Amazon SES.',
  icon: 'brand-aws',
  accountTypes: ['aws_access_key'],
  baseUrl: regionalEndpoint('email'),
  params: {
    from: {
      type: 'text',
      label: 'De',
      required: true,
      placeholder: 'Loja Exemplo <vendas@loja.com.br>',
      description: 'Um endereço ou domínio verificado no SES, na região da conta.',
    },
    to: {
      type: 'text',
      label: 'Para',
      required: true,
      placeholder: 'ana@exemplo.com.br, joao@exemplo.com.br',
      description: 'Um ou mais endereços, separados por vírgula.',
    },
    cc: { type: 'text', label: 'Cc' },
    bcc: { type: 'text', label: 'Cco' },
    reply_to: { type: 'text', label: 'Responder para' },
    subject: { type: 'text', label: 'Assunto', required: true },
    text: { type: 'textarea', label: 'Texto', description: 'O corpo em texto simples.' },
    html: { type: 'textarea', label: 'HTML', description: 'O corpo em HTML.' },
  },
  operations: {
    send_email: {
      resource: 'E-mail',
      action: 'Enviar',
      params: ['from', 'to', 'cc', 'bcc', 'reply_to', 'subject', 'text', 'html'],
      request(p) {
        const to = listParam(p.to);
        if (!to.length) throw new Error('Informe ao menos um endereço em "Para".');
        const text = typeof p.text === 'string' ? p.text : '';
        const html = typeof p.html === 'string' ? p.html : '';
        if (!text && !html) throw new Error('Preencha o "Texto" ou o "HTML" do e-mail.');
        const cc = listParam(p.cc);
        const bcc = listParam(p.bcc);
        const replyTo = listParam(p.reply_to);
        return {
          method: 'POST',
          path: 'v2/email/outbound-emails',
          json: {
            FromEmailAddress: String(p.from ?? '').trim(),
            Destination: {
              ToAddresses: to,
              ...(cc.length ? { CcAddresses: cc } : {}),
              ...(bcc.length ? { BccAddresses: bcc } : {}),
            },
            ...(replyTo.length ? { ReplyToAddresses: replyTo } : {}),
            Content: {
              Simple: {
                Subject: content(String(p.subject ?? '')),
                Body: {
                  ...(text ? { Text: content(text) } : {}),
                  ...(html ? { Html: content(html) } : {}),
                },
              },
            },
          },
        };
      },
      result: (response) => ({ messageId: jsonAnswer(response).MessageId }),
    },
  },
  authorize: awsAuthorize('ses'),
  errorMessage,
});

import { describe, expect, it } from 'vitest';
import { jsonResponse, textResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { awsPorts, callRefusal, testAwsKeys } from './aws-test-fixtures';
import { sesConnector } from './ses.connector';

// Answers as the SES API v2 reference documents them:
// https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html and
// https://docs.aws.amazon.com/ses/latest/APIReference-V2/CommonErrors.html (the error type in
// the X-Amzn-ErrorType header, `{message}` in the body).
const secrets = { [testAwsKeys.accessKeyId]: testAwsKeys.secretAccessKey };

const sesError = (status: number, type: string, message: string) =>
  textResponse(status, JSON.stringify({ message }), {
    'content-type': 'application/json',
    'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazonaws.sesv2/`,
  });

const email = {
  service_account: 'aws',
  operation: 'send_email',
  from: 'Loja <vendas@loja.com.br>',
  to: 'ana@exemplo.com.br; joao@exemplo.com.br',
  bcc: 'arquivo@loja.com.br',
  subject: 'Pedido 42',
  text: 'Seu pedido saiu.',
  html: '<p>Seu pedido <b>saiu</b>.</p>',
};

describe('svc_aws_ses', () => {
  it('sends an e-mail through SESv2, signed for ses in the account region', async () => {
    const ports = awsPorts({ region: 'us-east-1' });
    ports.httpHandler = () => jsonResponse(200, { MessageId: '0100-abc' });
    const { emitted } = await runNode(sesConnector, { ports, params: email });
    const call = ports.httpCalls[0]!;
    expect(call).toMatchObject({
      method: 'POST',
      url: 'https://email.us-east-1.amazonaws.com/v2/email/outbound-emails',
    });
    expect(JSON.parse(String(call.body))).toEqual({
      FromEmailAddress: 'Loja <vendas@loja.com.br>',
      Destination: {
        ToAddresses: ['ana@exemplo.com.br', 'joao@exemplo.com.br'],
        BccAddresses: ['arquivo@loja.com.br'],
      },
      Content: {
        Simple: {
          Subject: { Data: 'Pedido 42', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Seu pedido saiu.', Charset: 'UTF-8' },
            Html: { Data: '<p>Seu pedido <b>saiu</b>.</p>', Charset: 'UTF-8' },
          },
        },
      },
    });
    expect(callRefusal(call, secrets, { region: 'us-east-1', service: 'ses' })).toBeNull();
    expect(callRefusal(call, secrets, { region: 'us-east-1', service: 'email' })).toBe(
      'SignatureDoesNotMatch',
    );
    expect(emitted[0]!.msg.payload).toEqual({ messageId: '0100-abc' });
  });

  it('says an unverified sender in pt-BR, naming "De"', async () => {
    const ports = awsPorts();
    ports.httpHandler = () =>
      sesError(
        400,
        'MessageRejected',
        'Email address is not verified. The following identities failed the check in region SA-EAST-1: vendas@loja.com.br',
      );
    await expect(runNode(sesConnector, { ports, params: email })).rejects.toThrow(
      'O Amazon SES recusou a chamada: o endereço de "De" (ou, no sandbox do SES, um destinatário) não está verificado (Email address is not verified. The following identities failed the check in region SA-EAST-1: vendas@loja.com.br).',
    );
    ports.httpHandler = () => sesError(403, 'AccountSuspendedException', 'Account suspended');
    await expect(runNode(sesConnector, { ports, params: email })).rejects.toThrow(
      'O Amazon SES recusou a chamada: o envio de e-mails da conta AWS está suspenso (AccountSuspendedException: Account suspended).',
    );
  });

  it('asks for a body before any call', async () => {
    const ports = awsPorts();
    await expect(
      runNode(sesConnector, { ports, params: { ...email, text: '', html: '' } }),
    ).rejects.toThrow('Preencha o "Texto" ou o "HTML" do e-mail.');
    expect(ports.httpCalls).toEqual([]);
  });

  it('waits out a 429 TooManyRequestsException, then sends', async () => {
    const ports = awsPorts();
    const answers = [
      sesError(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.'),
      jsonResponse(200, { MessageId: 'm-2' }),
    ];
    ports.httpHandler = () => answers.shift()!;
    const { emitted } = await runNode(sesConnector, { ports, params: email });
    expect(ports.httpCalls).toHaveLength(2);
    expect(emitted[0]!.msg.payload).toEqual({ messageId: 'm-2' });
  });
});

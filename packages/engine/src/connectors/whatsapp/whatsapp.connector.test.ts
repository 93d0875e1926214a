import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { whatsappConnector } from './whatsapp.connector';

// Requests and answers as Meta documents them: messages
// (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages) and error codes
// (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes).
const sent = {
  messaging_product: 'whatsapp',
  contacts: [{ input: '5511912345678', wa_id: '5511912345678' }],
  messages: [{ id: 'wamid.HBgNNTUxMTkxMjM0NTY3OBUCABEYEjQ' }],
};

function account() {
  const ports = createFakePorts();
  ports.accounts.wa = {
    _id: 'wa',
    name: 'WhatsApp da loja',
    type: 'whatsapp_cloud',
    data: { access_token: 'EAAG-segredo', phone_number_id: '106540352242922' },
  };
  return ports;
}

const run = (ports: ReturnType<typeof account>, params: Record<string, unknown>) =>
  runNode(whatsappConnector, { ports, params: { service_account: 'wa', ...params } });

const bodyOf = (ports: ReturnType<typeof account>, index = 0) =>
  JSON.parse(String(ports.httpCalls[index]!.body)) as Record<string, unknown>;

describe('svc_whatsapp', () => {
  it('sends a text to the number in digits, under the account number, with the bearer token', async () => {
    const ports = account();
    ports.httpHandler = () => jsonResponse(200, sent);
    const { emitted } = await run(ports, {
      operation: 'send_text',
      to: '+55 (11) 91234-5678',
      text: 'Seu pedido saiu para entrega.',
      preview_url: true,
    });
    const call = ports.httpCalls[0]!;
    expect(call.url).toBe('https://graph.facebook.com/v23.0/106540352242922/messages');
    expect(call.headers?.authorization).toBe('Bearer EAAG-segredo');
    expect(bodyOf(ports)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511912345678',
      type: 'text',
      text: { body: 'Seu pedido saiu para entrega.', preview_url: true },
    });
    expect(emitted[0]!.msg.payload).toEqual(sent);
  });

  it('sends a template with its body variables in order', async () => {
    const ports = account();
    ports.httpHandler = () => jsonResponse(200, sent);
    await run(ports, {
      operation: 'send_template',
      to: '5511912345678',
      template_name: 'confirmacao_pedido',
      template_variables: [{ value: 'Ana' }, { value: 'R$ 1.234,56' }],
    });
    expect(bodyOf(ports).template).toEqual({
      name: 'confirmacao_pedido',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'R$ 1.234,56' },
          ],
        },
      ],
    });
  });

  it('sends a document by link with its name and caption, and reply buttons', async () => {
    const ports = account();
    ports.httpHandler = () => jsonResponse(200, sent);
    await run(ports, {
      operation: 'send_media',
      to: '5511912345678',
      media_type: 'document',
      media_link: 'https://exemplo.com.br/boleto.pdf',
      caption: 'Seu boleto',
      filename: 'boleto.pdf',
    });
    expect(bodyOf(ports)).toMatchObject({
      type: 'document',
      document: {
        link: 'https://exemplo.com.br/boleto.pdf',
        caption: 'Seu boleto',
        filename: 'boleto.pdf',
      },
    });
    await run(ports, {
      operation: 'send_buttons',
      to: '5511912345678',
      body: 'Confirma a entrega amanhã?',
      buttons: [
        { id: 'sim', title: 'Sim' },
        { id: '', title: 'Remarcar' },
      ],
    });
    expect(bodyOf(ports, 1).interactive).toEqual({
      type: 'button',
      body: { text: 'Confirma a entrega amanhã?' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'sim', title: 'Sim' } },
          { type: 'reply', reply: { id: 'botao_2', title: 'Remarcar' } },
        ],
      },
    });
  });

  it('refuses more than three buttons before calling Meta', async () => {
    const ports = account();
    const error = await run(ports, {
      operation: 'send_buttons',
      to: '5511912345678',
      body: 'Escolha',
      buttons: ['A', 'B', 'C', 'D'].map((title) => ({ id: title, title })),
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      '"Botões" precisa de 1 a 3 botões com título (limite do WhatsApp).',
    );
    expect(ports.httpCalls).toHaveLength(0);
  });

  it("says Meta's refusal in pt-BR, with its details and code", async () => {
    const ports = account();
    ports.httpHandler = () =>
      jsonResponse(400, {
        error: {
          message: '(#131047) Re-engagement message',
          type: 'OAuthException',
          code: 131047,
          error_data: {
            messaging_product: 'whatsapp',
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
          fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
        },
      });
    const error = await run(ports, {
      operation: 'send_text',
      to: '5511912345678',
      text: 'Oi',
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      'O WhatsApp recusou a chamada: passaram mais de 24 horas desde a última mensagem da pessoa: só um modelo aprovado pode reabrir a conversa — Message failed to send because more than 24 hours have passed since the customer last replied to this number. (código 131047).',
    );
  });

  it('waits and tries again when Meta answers its throughput limit (130429) with status 400', async () => {
    const ports = account();
    let calls = 0;
    ports.httpHandler = () =>
      ++calls === 1
        ? jsonResponse(400, {
            error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 },
          })
        : jsonResponse(200, sent);
    const started = ports.time;
    await run(ports, { operation: 'mark_read', message_id: 'wamid.X' });
    expect(calls).toBe(2);
    expect(ports.time - started).toBe(1_000);
    expect(bodyOf(ports, 1)).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: 'wamid.X',
    });
  });
});

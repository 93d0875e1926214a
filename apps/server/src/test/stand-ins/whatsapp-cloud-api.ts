import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the WhatsApp Business Cloud API (Meta Graph API) for the calls Ponte makes,
 * written from its reference: `POST /v23.0/{phone-number-id}/messages` and `GET
 * /v23.0/{phone-number-id}` with `Authorization: Bearer <token>`
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages,
 * .../reference/phone-numbers); errors as `{error: {message, type, code, error_data, fbtrace_id}}`
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes): an unknown token
 * is 401 code 190; the number +55 11 90000-0404 is outside the test number's allowed list
 * (131030); +55 11 90000-0429 hits the throughput limit once (130429, status 400).
 */
export interface WhatsAppStandIn {
  /** The base URL to put in an account's 'URL da API'. */
  url: string;
  calls: { method: string; path: string; authorization: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startWhatsAppStandIn(
  host: string,
  token: string,
  phoneNumberId: string,
): Promise<WhatsAppStandIn> {
  const calls: WhatsAppStandIn['calls'] = [];
  const limited = new Set<string>();
  let sequence = 0;
  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, status: number, code: number, message: string) =>
    send(response, status, {
      error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf123' },
    });

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const authorization = request.headers.authorization ?? '';
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    calls.push({ method: request.method ?? '', path: url.pathname, authorization, body });
    if (authorization !== `Bearer ${token}`)
      return fail(response, 401, 190, 'Error validating access token: Session has expired');
    if (request.method === 'GET' && url.pathname === `/v23.0/${phoneNumberId}`) {
      return send(response, 200, {
        display_phone_number: '+55 11 4003-0000',
        verified_name: 'Loja Exemplo',
        id: phoneNumberId,
      });
    }
    if (request.method !== 'POST' || url.pathname !== `/v23.0/${phoneNumberId}/messages`)
      return fail(response, 400, 100, 'Unsupported post request.');
    if (body.messaging_product !== 'whatsapp')
      return fail(response, 400, 100, '(#100) The parameter messaging_product is required.');
    if (body.status === 'read') return send(response, 200, { success: true });
    const to = String(body.to ?? '');
    if (to === '5511900000404')
      return fail(response, 400, 131030, '(#131030) Recipient phone number not in allowed list');
    if (to === '5511900000429' && !limited.has(to)) {
      limited.add(to);
      return fail(response, 400, 130429, '(#130429) Rate limit hit');
    }
    return send(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.standin${++sequence}` }],
    });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/v23.0`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

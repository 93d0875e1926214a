import { randomUUID } from 'node:crypto';

/**
 * The RFC 5322 message Gmail's `users.messages.send` takes in `raw` (base64url), built here:
 * no MIME library is a dependency of the engine (nodemailer is the server's). Headers that are
 * not ASCII go as RFC 2047 encoded words ('Reunião de março'); bodies as UTF-8 in base64, so no
 * line of the message is long or carries a byte a relay could change.
 */

export interface OutgoingMail {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text?: string;
  html?: string;
}

const ascii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** Base64 lines of at most 76 characters (RFC 2045 §6.8). */
const base64Lines = (text: string) =>
  (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

/**
 * RFC 2047 `=?UTF-8?B?…?=` words of at most 75 characters, each holding whole characters
 * (a word may not split a UTF-8 sequence), folded on separate lines.
 */
export function encodeWords(text: string): string {
  if (ascii(text)) return text;
  const words: string[] = [];
  let chunk = '';
  for (const char of text) {
    // 45 bytes give 60 base64 characters: 72 with the `=?UTF-8?B?` and `?=` around them.
    if (Buffer.byteLength(chunk + char, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words
    .map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`)
    .join('\r\n ');
}

const addressPattern = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/**
 * One recipient as typed: `ana@exemplo.com.br` or `Ana Souza <ana@exemplo.com.br>`; the name
 * quoted, or encoded when it is not ASCII. Null when the address is not one.
 */
function mailbox(entry: string): string | null {
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(entry);
  const address = (named ? named[2]! : entry).trim();
  if (!addressPattern.test(address)) return null;
  const name = named?.[1]?.trim().replace(/^"(.*)"$/, '$1');
  if (!name) return address;
  const shown = ascii(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodeWords(name);
  return `${shown} <${address}>`;
}

/** A list of recipients as typed (commas, semicolons or lines between them), or a list value. */
export function recipients(value: unknown): string[] {
  const entries = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,;\r\n]+/);
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

/** The mailboxes of a field, or an error naming the field and the address that is not one. */
export function mailboxes(entries: string[], field: string): string[] {
  return entries.map((entry) => {
    const box = mailbox(entry);
    if (!box) throw new Error(`Gmail: "${entry}" em "${field}" não é um endereço de e-mail.`);
    return box;
  });
}

const part = (type: string, content: string) =>
  [
    `Content-Type: ${type}; charset=UTF-8`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(content),
  ].join('\r\n');

/** The message's text, CRLF line ends, ready for `raw` once in base64url. */
export function buildMessage(mail: OutgoingMail, boundary = `ponte-${randomUUID()}`): string {
  const headers = [
    ...(mail.to.length ? [`To: ${mail.to.join(',\r\n ')}`] : []),
    ...(mail.cc.length ? [`Cc: ${mail.cc.join(',\r\n ')}`] : []),
    // Gmail delivers to Bcc and takes the header out of the copies it sends.
    ...(mail.bcc.length ? [`Bcc: ${mail.bcc.join(',\r\n ')}`] : []),
    // A line break typed in the subject would start a header of its own.
    `Subject: ${encodeWords(mail.subject.replace(/[\r\n]+/g, ' '))}`,
    'MIME-Version: 1.0',
  ];
  const { text, html } = mail;
  if (text !== undefined && html !== undefined) {
    return [
      ...headers,
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      part('text/plain', text),
      `--${boundary}`,
      part('text/html', html),
      `--${boundary}--`,
      '',
    ].join('\r\n');
  }
  return [
    ...headers,
    html !== undefined ? part('text/html', html) : part('text/plain', text ?? ''),
  ].join('\r\n');
}

/** `raw` of users.messages.send: the message in base64url. */
export const rawMessage = (message: string) => Buffer.from(message, 'utf8').toString('base64url');

/**
 * A Gmail message as `users.messages.get` gives it with `format=full`
 * (https://developers.google.com/gmail/api/reference/rest/v1/users.messages#Message), made
 * readable: its main headers, its text and HTML bodies decoded, its attachments listed.
 */

interface MessagePart {
  mimeType?: string;
  filename?: string;
  headers?: { name?: string; value?: string }[];
  body?: { attachmentId?: string; size?: number; data?: string };
  parts?: MessagePart[];
}

interface GmailMessage {
  id?: string;
  threadId?: string;
  labelIds?: string[];
  snippet?: string;
  internalDate?: string;
  payload?: MessagePart;
}

export interface ReadableMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  snippet: string;
  from: string;
  to: string;
  cc: string;
  subject: string;
  date: string;
  /** When Gmail received it (ISO 8601), from `internalDate`. */
  receivedAt: string | null;
  text: string;
  html: string;
  attachments: { filename: string; mimeType: string; size: number; attachmentId: string }[];
  headers: Record<string, string>;
}

function decoder(charset: string | undefined): InstanceType<typeof TextDecoder> {
  try {
    return new TextDecoder(charset || 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** RFC 2047 words a header may still carry (`=?ISO-8859-1?Q?Relat=F3rio?=`). */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(
      /=\?([^?*]+)(?:\*[^?]*)?\?([bq])\?([^?]*)\?=/gi,
      (_word, charset: string, kind, text: string) => {
        const bytes =
          kind.toLowerCase() === 'b'
            ? Buffer.from(text, 'base64')
            : Buffer.from(
                text
                  .replace(/_/g, ' ')
                  .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) =>
                    String.fromCharCode(parseInt(hex, 16)),
                  ),
                'latin1',
              );
        return decoder(charset).decode(bytes);
      },
    );
}

const headerMap = (part: MessagePart | undefined) =>
  Object.fromEntries(
    (part?.headers ?? []).map((h) => [
      String(h.name ?? '').toLowerCase(),
      decodeWords(String(h.value ?? '')),
    ]),
  );

const charsetOf = (part: MessagePart) =>
  /charset="?([^";\s]+)"?/i.exec(headerMap(part)['content-type'] ?? '')?.[1];

/** Every leaf part, depth first (a multipart's parts in order). */
function leaves(part: MessagePart | undefined): MessagePart[] {
  if (!part) return [];
  return part.parts?.length ? part.parts.flatMap(leaves) : [part];
}

export function readableMessage(body: unknown): ReadableMessage {
  const message = (body ?? {}) as GmailMessage;
  const headers = headerMap(message.payload);
  let text = '';
  let html = '';
  const attachments: ReadableMessage['attachments'] = [];
  for (const part of leaves(message.payload)) {
    const type = (part.mimeType ?? '').toLowerCase();
    if (part.filename || part.body?.attachmentId) {
      attachments.push({
        filename: part.filename ?? '',
        mimeType: part.mimeType ?? '',
        size: part.body?.size ?? 0,
        attachmentId: part.body?.attachmentId ?? '',
      });
      continue;
    }
    const data = part.body?.data;
    if (!data) continue;
    // Gmail gives each part's bytes in base64url, in the part's own charset.
    const content = decoder(charsetOf(part)).decode(Buffer.from(data, 'base64url'));
    if (type === 'text/plain' && !text) text = content;
    else if (type === 'text/html' && !html) html = content;
  }
  const received = Number(message.internalDate);
  return {
    id: message.id ?? '',
    threadId: message.threadId ?? '',
    labelIds: message.labelIds ?? [],
    snippet: message.snippet ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    cc: headers.cc ?? '',
    subject: headers.subject ?? '',
    date: headers.date ?? '',
    receivedAt:
      Number.isFinite(received) && message.internalDate ? new Date(received).toISOString() : null,
    text,
    html,
    attachments,
    headers,
  };
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the test server accepted: the envelope and the raw MIME text. */
export interface ReceivedMail {
  from: string;
  recipients: string[];
  raw: string;
}

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.2 that asks for a login (plain text, no
 * STARTTLS) and keeps what it receives. Tests open the guard for 127.0.0.2/32 only.
 */
export async function startSmtpTestServer(login: { username: string; password: string }) {
  const received: ReceivedMail[] = [];
  const logins: { username: string; accepted: boolean }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      const accepted = auth.username === login.username && auth.password === login.password;
      logins.push({ username: auth.username ?? '', accepted });
      if (!accepted) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.2', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.2',
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MimePart {
  headers: Record<string, string>;
  /** The decoded body (base64 and quoted-printable undone). */
  body: Buffer;
  parts: MimePart[];
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const soft = body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
}

/** A small MIME reader for the tests: headers, multipart boundaries, body encodings. */
export function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const headers = headersOf(split < 0 ? raw : raw.slice(0, split));
  const body = split < 0 ? '' : raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) {
    return { headers, body: decodeBody(body, headers['content-transfer-encoding']), parts: [] };
  }
  const sections = body.split(`--${boundary}`).slice(1);
  const parts = sections
    .filter((section) => !section.startsWith('--'))
    .map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  return { headers, body: Buffer.alloc(0), parts };
}

/** Every leaf part of a message, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leafParts) : [part];
}

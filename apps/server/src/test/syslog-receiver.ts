import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Parse, type ParsedSyslog } from 'glossy';

/** One message as received: its frame's text and glossy's RFC 5424 reading of it. */
export interface ReceivedSyslog {
  raw: string;
  parsed: ParsedSyslog;
}

/**
 * Reads octet-counted frames (RFC 6587 §3.4.1, RFC 5425 §4.3: `LENGTH SP MESSAGE`, the length
 * in bytes) from a connection, handing each message on.
 */
function readFrames(socket: Socket, onMessage: (message: string) => void) {
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const space = buffered.indexOf(0x20);
      if (space < 0) return;
      const length = Number(buffered.subarray(0, space).toString('ascii'));
      if (buffered.length < space + 1 + length) return;
      onMessage(buffered.subarray(space + 1, space + 1 + length).toString('utf8'));
      buffered = buffered.subarray(space + 1 + length);
    }
  });
  socket.on('error', () => socket.destroy());
}

/**
 * A syslog collector stand-in on 127.0.0.2: TCP, or TLS with the given key and certificate;
 * every message is parsed by `glossy` (an RFC 5424 parser from npm).
 */
export async function startSyslogReceiver(tls?: { key: string; cert: string }) {
  const messages: ReceivedSyslog[] = [];
  const sockets = new Set<Socket>();
  const accept = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    readFrames(socket, (raw) => messages.push({ raw, parsed: Parse.parse(raw) }));
  };
  const server: Server = tls
    ? createTlsServer({ key: tls.key, cert: tls.cert }, accept)
    : createTcpServer(accept);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'tls' : 'tcp'}://127.0.0.2:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

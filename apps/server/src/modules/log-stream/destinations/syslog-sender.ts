import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as tlsConnect, rootCertificates } from 'node:tls';
import type { StreamEvent } from '../stream-event';
import { octetCounted, syslogMessage } from './syslog-format';
import type { StreamSender } from './stream-sender';

/** A connection or a write that takes longer than this failed. */
const timeoutMs = 10_000;

function open(url: URL, ca: string | null): Promise<Socket> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port);
  return new Promise((resolve, reject) => {
    const tls = url.protocol === 'tls:';
    const socket = tls
      ? tlsConnect({
          host,
          port,
          ...(isIP(host) ? {} : { servername: host }),
          ...(ca ? { ca: [...rootCertificates, ca] } : {}),
        })
      : tcpConnect({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error('o servidor syslog não respondeu a tempo')));
    socket.once('error', fail);
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      socket.setTimeout(0);
      socket.off('error', fail);
      resolve(socket);
    });
  });
}

/**
 * The syslog destination: RFC 5424 messages, octet-counted, over one TCP or TLS connection
 * opened on the first batch and again after it closes. A batch is sent when the connection
 * took it (syslog has no acknowledgement).
 */
export function createSyslogSender(address: string, ca: string | null): StreamSender {
  const url = new URL(address);
  const host = hostname();
  let socket: Socket | null = null;
  const connected = async () => {
    if (socket && !socket.destroyed) return socket;
    const next = await open(url, ca);
    next.on('error', () => next.destroy());
    next.on('close', () => {
      if (socket === next) socket = null;
    });
    // What the server says is not read: syslog servers do not answer.
    next.resume();
    socket = next;
    return next;
  };
  return {
    async send(batch: StreamEvent[]) {
      const target = await connected();
      const data = Buffer.concat(
        batch.map((event) => octetCounted(syslogMessage(event, host, process.pid))),
      );
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          target.destroy();
          reject(new Error('o servidor syslog não recebeu o lote a tempo'));
        }, timeoutMs);
        target.write(data, (error) => {
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        });
      });
    },
    async close() {
      const last = socket;
      socket = null;
      if (!last || last.destroyed) return;
      await new Promise<void>((resolve) => last.end(resolve));
    },
  };
}

import { createServer } from 'node:net';

/**
 * Resolves with null when `host:port` can be listened on now, or with the error code
 * (EADDRINUSE, EACCES…) when it cannot. The server that probes it is closed at once.
 */
export function probePort(port: number, host: string): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of `target` that a test can cut (open connections are
 * reset, new ones are closed as soon as they arrive) and restore: a database outage on demand.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let open = true;
  let refused = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (!open) {
      refused++;
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) socket.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** Connections closed on arrival since the proxy was cut. */
    refused: () => refused,
    cut() {
      open = false;
      refused = 0;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

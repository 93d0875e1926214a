import { createSocket } from 'node:dgram';
import { promises as dns } from 'node:dns';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import type { Resolver } from '../adapters/outbound-http/guarded-agent';

/**
 * A real DNS server on 127.0.0.1 (UDP) answering A records from a table, and a resolver that
 * asks it: tests point names that look public at local addresses.
 */
export async function startLocalDnsServer(records: Record<string, string>) {
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const address = question ? records[question.name.toLowerCase()] : undefined;
    const answers =
      question && address && question.type === 'A'
        ? [{ type: 'A' as const, name: question.name, ttl: 5, data: address }]
        : [];
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: query.questions ?? [],
      answers,
    });
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;

  const resolver: Resolver = async (hostname) => {
    const client = new dns.Resolver({ timeout: 2_000, tries: 1 });
    client.setServers([`127.0.0.1:${port}`]);
    const addresses = await client.resolve4(hostname);
    return addresses.map((address) => ({ address, family: 4 }));
  };
  return {
    resolver,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

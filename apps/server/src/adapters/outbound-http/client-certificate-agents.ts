import { createHash } from 'node:crypto';
import type { HttpClientCertificate } from '@ponte/engine/ports';
import { createGuardedAgent, type Resolver } from './guarded-agent';
import type { NetworkGuard } from './network-guard';

/** Agents kept at once, one per distinct certificate (accounts of a few PSPs, not thousands). */
const maxAgents = 32;

type GuardedAgent = ReturnType<typeof createGuardedAgent>;

/**
 * The guarded agents of requests that present a client certificate (mutual TLS, docs/adr/0117):
 * one per certificate, key, password and CA, made with the same guard and resolver as the
 * client's own agent, so the address checks are the same; the least recently used is closed
 * past `maxAgents`.
 */
export function createClientCertificateAgents(guard: NetworkGuard, resolver?: Resolver) {
  const agents = new Map<string, GuardedAgent>();
  return {
    agentFor(certificate: HttpClientCertificate): GuardedAgent {
      const key = createHash('sha256')
        .update(
          JSON.stringify([
            certificate.cert,
            certificate.key,
            certificate.passphrase ?? '',
            certificate.ca ?? '',
          ]),
        )
        .digest('hex');
      let agent = agents.get(key);
      if (agent) {
        agents.delete(key);
      } else {
        agent = createGuardedAgent(guard, resolver, {
          cert: certificate.cert,
          key: certificate.key,
          ...(certificate.passphrase ? { passphrase: certificate.passphrase } : {}),
          ...(certificate.ca ? { ca: certificate.ca } : {}),
        });
        const oldest = agents.size >= maxAgents ? agents.keys().next().value : undefined;
        if (oldest !== undefined) {
          void agents.get(oldest)?.close();
          agents.delete(oldest);
        }
      }
      agents.set(key, agent);
      return agent;
    },
    async close(): Promise<void> {
      await Promise.all([...agents.values()].map((agent) => agent.close()));
      agents.clear();
    },
  };
}

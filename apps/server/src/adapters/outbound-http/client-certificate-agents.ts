import { createHash } from 'node:crypto';
import type { HttpClientCertificate } from '@ponte/engine/ports';
import { createGuardedAgent, type Resolver } from './guarded-agent';
import type { NetworkGuard } from './network-guard';

/** Agents kept at once, one per distinct certificate (accounts of a few PSPs, not thousands). */
const maxAgents = 32;

type GuardedAgent = ReturnType<typeof createGuardedAgent>;

interface Entry {
  agent: GuardedAgent;
  /** Requests using the agent now (each redirect hop of one included). */
  users: number;
  /** Out of the kept set: closed when its last request ends. */
  evicted: boolean;
}

/** A request's use of an agent: `release` when the request has ended, body read or failed. */
export interface AgentLease {
  agent: GuardedAgent;
  release(): void;
}

const certificateKey = (certificate: HttpClientCertificate) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        certificate.cert,
        certificate.key,
        certificate.passphrase ?? '',
        certificate.ca ?? '',
      ]),
    )
    .digest('hex');

/**
 * The guarded agents of requests that present a client certificate (mutual TLS, docs/adr/0117):
 * one per certificate, key, password and CA, made with the same guard and resolver as the
 * client's own agent, so the address checks are the same. Past `maxAgents` the least recently
 * used leaves the set and is closed once the requests using it have ended, so none of them
 * (a redirect's next hop) meets a closed agent.
 */
export function createClientCertificateAgents(guard: NetworkGuard, resolver?: Resolver) {
  const agents = new Map<string, Entry>();
  const retire = (entry: Entry) => {
    entry.evicted = true;
    if (entry.users === 0) void entry.agent.close();
  };
  return {
    lease(certificate: HttpClientCertificate): AgentLease {
      const key = certificateKey(certificate);
      let entry = agents.get(key);
      if (entry) {
        agents.delete(key);
      } else {
        const agent = createGuardedAgent(guard, resolver, {
          cert: certificate.cert,
          key: certificate.key,
          ...(certificate.passphrase ? { passphrase: certificate.passphrase } : {}),
          ...(certificate.ca ? { ca: certificate.ca } : {}),
        });
        entry = { agent, users: 0, evicted: false };
        const oldest = agents.size >= maxAgents ? agents.keys().next().value : undefined;
        if (oldest !== undefined) {
          retire(agents.get(oldest)!);
          agents.delete(oldest);
        }
      }
      agents.set(key, entry);
      const used = entry;
      used.users += 1;
      let released = false;
      return {
        agent: used.agent,
        release() {
          if (released) return;
          released = true;
          used.users -= 1;
          if (used.evicted && used.users === 0) void used.agent.close();
        },
      };
    },
    async close(): Promise<void> {
      await Promise.all([...agents.values()].map((entry) => entry.agent.close()));
      agents.clear();
    },
  };
}

import { createHash } from 'node:crypto';
import type { HttpClientCertificate } from '@ponte/engine/ports';
import { createGuardedAgent, type Resolver } from './guarded-agent';
import type { NetworkGuard } from './network-guard';
import { OutboundHttpError } from './outbound-http-error';

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

/** TLS alerts of a server that refused the client's certificate, or asked one and got none. */
const refusedCertificate =
  /ALERT_(CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|ACCESS_DENIED|HANDSHAKE_FAILURE|CERTIFICATE_EXPIRED|CERTIFICATE_REVOKED)/;
/** The server's certificate is not one the client trusts. */
const untrustedServer =
  /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|CERT_HAS_EXPIRED|ERR_TLS_CERT_ALTNAME_INVALID)$/;

/**
 * The pt-BR refusal of a TLS failure of a request that presented a client certificate, or
 * undefined when the error is not one of those. Never quotes the PEM texts nor a server path.
 */
export function clientCertificateError(
  error: unknown,
  host: string,
): OutboundHttpError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code = '', message = '' } = current as { code?: string; message?: string };
    if (refusedCertificate.test(code) || refusedCertificate.test(message.toUpperCase())) {
      return new OutboundHttpError(
        `${host} recusou o certificado de cliente (mTLS): confira o certificado e a chave da conta e se o serviço os cadastrou.`,
        'client_certificate',
      );
    }
    if (untrustedServer.test(code)) {
      return new OutboundHttpError(
        `O certificado do servidor ${host} não é confiável: informe a CA do serviço na conta.`,
        'client_certificate',
      );
    }
    if (
      /^ERR_OSSL|^ERR_SSL_(BAD_DECRYPT|KEY_VALUES_MISMATCH)|PEM|bad decrypt|key values mismatch/i.test(
        `${code} ${message}`,
      )
    ) {
      return new OutboundHttpError(
        'O certificado ou a chave privada do cliente não pôde ser usado: confira os textos PEM e a senha da chave.',
        'client_certificate',
      );
    }
    // In TLS 1.3 the server judges the certificate after the handshake: its refusal arrives as
    // the connection closed before any answer.
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') {
      return new OutboundHttpError(
        `${host} encerrou a conexão sem responder: o serviço pode ter recusado o certificado de cliente (mTLS). Confira o certificado e a chave da conta e se o serviço os cadastrou.`,
        'client_certificate',
      );
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

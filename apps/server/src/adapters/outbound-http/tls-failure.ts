import { certificateProblem } from '../tls/certificate-problem';
import { OutboundHttpError } from './outbound-http-error';

/** TLS alerts of a server that refused the client's certificate, or asked one and got none. */
const refusedCertificate =
  /ALERT_(CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|ACCESS_DENIED|HANDSHAKE_FAILURE|CERTIFICATE_EXPIRED|CERTIFICATE_REVOKED)/;
/** OpenSSL's words for a client key that does not open or does not match its certificate. */
const unusableKey =
  /^ERR_OSSL|^ERR_SSL_(BAD_DECRYPT|KEY_VALUES_MISMATCH)|PEM|bad decrypt|key values mismatch/i;

/**
 * The pt-BR refusal of a TLS failure, or undefined when the error is not one: a server
 * certificate not trusted (any request), and, for a request that presented a client certificate
 * (docs/adr/0117), its key unusable or the certificate refused; a connection closed is blamed on
 * the certificate only while no response head has arrived. Never quotes the PEM texts.
 */
export function tlsFailure(
  error: unknown,
  host: string,
  { withCertificate, headArrived }: { withCertificate: boolean; headArrived: boolean },
): OutboundHttpError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const problem = certificateProblem(current, host);
    if (problem) {
      const hint = withCertificate ? ' Informe a CA do serviço na conta.' : '';
      return new OutboundHttpError(`A conexão segura com ${host} falhou: ${problem}${hint}`, 'tls');
    }
    const { code = '', message = '' } = current as { code?: string; message?: string };
    if (
      withCertificate &&
      (refusedCertificate.test(code) || refusedCertificate.test(message.toUpperCase()))
    ) {
      return new OutboundHttpError(
        `${host} recusou o certificado de cliente (mTLS): confira o certificado e a chave da conta e se o serviço os cadastrou.`,
        'client_certificate',
      );
    }
    if (withCertificate && unusableKey.test(`${code} ${message}`)) {
      return new OutboundHttpError(
        'Não foi possível usar o certificado ou a chave privada do cliente: confira os textos PEM e a senha da chave.',
        'client_certificate',
      );
    }
    // In TLS 1.3 the server judges the certificate after the handshake: its refusal arrives as
    // the connection closed before any answer. Closed after an answer began, it is not that.
    if (withCertificate && !headArrived && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')) {
      return new OutboundHttpError(
        `${host} encerrou a conexão sem responder: o serviço pode ter recusado o certificado de cliente (mTLS). Confira o certificado e a chave da conta e se o serviço os cadastrou.`,
        'client_certificate',
      );
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

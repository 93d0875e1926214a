/** Name of the setting that opens blocked networks; every refusal names it. */
export const allowedNetworksVariable = 'PONTE_HTTP_ALLOWED_NETWORKS';

/**
 * A refusal of the outbound HTTP client (blocked address, oversize body, too many redirects, a
 * redirect to another origin with a client certificate, timeout, a connection refused or cut, a
 * server certificate not trusted, a client certificate refused). The message is pt-BR and
 * reaches the user as is.
 */
export class OutboundHttpError extends Error {
  constructor(
    message: string,
    readonly code:
      | 'blocked_address'
      | 'unresolved_host'
      | 'response_too_large'
      | 'too_many_redirects'
      | 'redirect_refused'
      | 'timeout'
      | 'connection'
      | 'client_certificate'
      | 'tls',
  ) {
    super(message);
    this.name = 'OutboundHttpError';
  }
}

/** The client's own refusal in `error` or its causes (undici wraps connect errors). */
export function outboundHttpErrorIn(error: unknown): OutboundHttpError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof OutboundHttpError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

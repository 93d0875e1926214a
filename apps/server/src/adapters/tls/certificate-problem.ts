/**
 * What was wrong with a server's certificate, in pt-BR, from Node's TLS error: its code
 * (`DEPTH_ZERO_SELF_SIGNED_CERT`, `CERT_HAS_EXPIRED`, `ERR_TLS_CERT_ALTNAME_INVALID`…) or, when a
 * library replaced the code with its own (nodemailer's STARTTLS answers `ESOCKET`), OpenSSL's
 * verification text, which Node keeps as the message. Null when the error is not a certificate's.
 */
export function certificateProblem(error: unknown, host: string): string | null {
  const failure = (error ?? {}) as { code?: unknown; tlsCode?: unknown; message?: unknown };
  const codes = [failure.tlsCode, failure.code].filter((c): c is string => typeof c === 'string');
  const message = typeof failure.message === 'string' ? failure.message : '';
  const found = problems.find(
    (problem) => codes.some((code) => problem.codes.includes(code)) || problem.text.test(message),
  );
  return found ? found.says(host) : null;
}

interface Problem {
  codes: string[];
  /** OpenSSL's X509_verify_cert_error_string (and Node's own for the host name). */
  text: RegExp;
  says: (host: string) => string;
}

const problems: Problem[] = [
  {
    codes: ['SELF_SIGNED_CERT_IN_CHAIN'],
    text: /self[- ]signed certificate in certificate chain/i,
    says: () =>
      'a cadeia do certificado termina numa autoridade autoassinada que este servidor não reconhece.',
  },
  {
    codes: ['DEPTH_ZERO_SELF_SIGNED_CERT'],
    text: /self[- ]signed certificate/i,
    says: () =>
      'o certificado do servidor é autoassinado (não foi emitido por uma autoridade reconhecida).',
  },
  {
    codes: ['CERT_HAS_EXPIRED'],
    text: /certificate has expired/i,
    says: () => 'o certificado do servidor está expirado.',
  },
  {
    codes: ['CERT_NOT_YET_VALID'],
    text: /certificate is not yet valid/i,
    says: () => 'o certificado do servidor ainda não é válido (confira o relógio do servidor).',
  },
  {
    codes: ['ERR_TLS_CERT_ALTNAME_INVALID'],
    text: /does not match certificate's altnames/i,
    says: (host) => `o nome do host não confere: o certificado não foi emitido para ${host}.`,
  },
  {
    codes: [
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'UNABLE_TO_GET_ISSUER_CERT',
    ],
    text: /unable to (verify the first certificate|get (local )?issuer certificate)/i,
    says: () =>
      'a autoridade que emitiu o certificado não é reconhecida (a cadeia de certificados está incompleta ou é de uma autoridade privada).',
  },
  {
    codes: ['CERT_REVOKED'],
    text: /certificate revoked/i,
    says: () => 'o certificado do servidor foi revogado.',
  },
];

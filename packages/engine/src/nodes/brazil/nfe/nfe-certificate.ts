import forge from 'node-forge';

/** What the signer's certificate says: holder, CNPJ, issuer and validity. */
export type NfeCertificate = {
  titular: string | null;
  cnpj: string | null;
  emissor: string | null;
  valido_de: string;
  valido_ate: string;
};

/**
 * ICP-Brasil's OID for the CNPJ of a company's certificate, in an otherName of its
 * subjectAltName (DOC-ICP-04, "Requisitos mínimos para as políticas de certificado na
 * ICP-Brasil", item 7.1.2.3: OID 2.16.76.1.3.3).
 */
const cnpjOid = '2.16.76.1.3.3';

type OtherName = { type: number; value: unknown };

/** The value under the ICP-Brasil CNPJ OID in the subjectAltName, if the certificate has one. */
function cnpjFromAltNames(certificate: forge.pki.Certificate): string | null {
  const extension = certificate.getExtension('subjectAltName') as
    { altNames?: OtherName[] } | undefined;
  for (const name of extension?.altNames ?? []) {
    if (name.type !== 0 || !Array.isArray(name.value)) continue;
    const [oid, wrapped] = name.value as forge.asn1.Asn1[];
    if (!oid || typeof oid.value !== 'string' || forge.asn1.derToOid(oid.value) !== cnpjOid) {
      continue;
    }
    const inner = Array.isArray(wrapped?.value) ? wrapped.value[0] : undefined;
    if (inner && typeof inner.value === 'string') return inner.value.trim();
  }
  return null;
}

/** The common name of a subject or issuer, as UTF-8 text. */
function commonName(name: forge.pki.Certificate['subject']): string | null {
  const field = name.getField('CN') as { value?: string } | null;
  if (!field?.value) return null;
  try {
    return forge.util.decodeUtf8(field.value);
  } catch {
    return field.value;
  }
}

/** Reads a certificate (the base64 of its DER, as in X509Certificate); null when it cannot. */
export function readCertificate(base64: string): NfeCertificate | null {
  let certificate: forge.pki.Certificate;
  try {
    const der = forge.util.decode64(base64.replace(/\s+/g, ''));
    certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(der));
  } catch {
    return null;
  }
  const titular = commonName(certificate.subject);
  // ICP-Brasil e-CNPJ common names end with ':' and the CNPJ ("EMPRESA LTDA:11222333000181").
  const fromCn = titular?.match(/:([0-9A-Z]{12}\d{2})$/)?.[1] ?? null;
  return {
    titular,
    cnpj: cnpjFromAltNames(certificate) ?? fromCn,
    emissor: commonName(certificate.issuer),
    valido_de: certificate.validity.notBefore.toISOString(),
    valido_ate: certificate.validity.notAfter.toISOString(),
  };
}

/** The PEM of a certificate given as the base64 of its DER. */
export function certificatePem(base64: string): string {
  const body = base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${body.join('\n')}\n-----END CERTIFICATE-----\n`;
}

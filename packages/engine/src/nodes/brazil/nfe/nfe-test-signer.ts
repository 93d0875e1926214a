import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

/**
 * For tests only: a certificate shaped like an ICP-Brasil e-CNPJ (CN "NAME:CNPJ", the CNPJ
 * under OID 2.16.76.1.3.3 in the subjectAltName), made at test time with its RSA key, and the
 * NF-e's enveloped signature of `infNFe` made with it (MOC 7.0, item 4.3).
 */
export type TestSigner = { privateKey: string; certificate: string };

/** The subjectAltName holding `cnpj` in an otherName under ICP-Brasil's CNPJ OID. */
function icpBrasilAltName(cnpj: string): string {
  const { asn1 } = forge;
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.OID,
      false,
      asn1.oidToDer('2.16.76.1.3.3').getBytes(),
    ),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.PRINTABLESTRING, false, cnpj),
    ]),
  ]);
  return asn1
    .toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]))
    .getBytes();
}

/** A fresh RSA key and a one-year certificate for `holder` (CNPJ in the CN and the OID). */
export function createTestSigner(
  holder: string,
  cnpj: string,
  issuer = 'AC TESTE PONTE',
): TestSigner {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  certificate.validity.notAfter = new Date('2027-01-01T00:00:00Z');
  certificate.setSubject([
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'CN', value: `${holder}:${cnpj}` },
  ]);
  certificate.setIssuer([
    { shortName: 'C', value: 'BR' },
    { shortName: 'CN', value: issuer },
  ]);
  certificate.setExtensions([{ id: '2.5.29.17', value: icpBrasilAltName(cnpj) }]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKey, certificate: forge.pki.certificateToPem(certificate) };
}

const infNFe = "//*[local-name(.)='infNFe']";

/** `xml` with the NF-e's signature of its `infNFe` (RSA-SHA1, or RSA-SHA256 when asked). */
export function signNfe(xml: string, signer: TestSigner, sha256 = false): string {
  const signed = new SignedXml({
    privateKey: signer.privateKey,
    publicCert: signer.certificate,
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    signatureAlgorithm: sha256
      ? 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256'
      : 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  });
  signed.addReference({
    xpath: infNFe,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ],
    digestAlgorithm: sha256
      ? 'http://www.w3.org/2001/04/xmlenc#sha256'
      : 'http://www.w3.org/2000/09/xmldsig#sha1',
  });
  signed.computeSignature(xml, { location: { reference: infNFe, action: 'after' } });
  return signed.getSignedXml();
}

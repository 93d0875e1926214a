import type { NfeCertificate } from './nfe-certificate';
import { nfeDocument, type NfeDocument } from './nfe-document';
import { declaredDigest, verifyNfeSignature, type NfeSignatureCheck } from './nfe-signature';
import { group, text } from './nfe-values';
import { elementTree, readNfeXml, xmlTree, type NfeXml, type XmlNode } from './nfe-xml';

/** The verdict on the signature, and whether its certificate is the emitter's. */
export type NfeSignatureVerdict = NfeSignatureCheck & { emitente_confere: boolean | null };

/**
 * Whether the certificate's CNPJ has the emitter's CNPJ base (its 8 first characters): the
 * SEFAZ refuses an NF-e signed with another company's certificate (MOC 7.0, rejeição 213,
 * "CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital"). Null when either side
 * has no CNPJ (an emitter CPF, a certificate without one).
 */
function emitterMatches(certificate: NfeCertificate | null, infNFe: XmlNode): boolean | null {
  const emitter = text(group(infNFe, 'emit'), 'CNPJ');
  if (!certificate?.cnpj || !emitter) return null;
  return certificate.cnpj.slice(0, 8) === emitter.slice(0, 8);
}

/**
 * The signature's verdict and the `infNFe` to read: from the element the signature verified
 * when it is valid (the canonical text xml-crypto digested), else from the document's only
 * `infNFe`; either way one element, never a look-alike elsewhere in the XML.
 */
function verifiedParts(xml: NfeXml): { assinatura: NfeSignatureVerdict; infNFe: XmlNode } {
  const { check, signedInfNFe } = verifyNfeSignature(xml);
  const infNFe = signedInfNFe
    ? ((xmlTree(signedInfNFe).infNFe ?? {}) as XmlNode)
    : elementTree(xml.infNFe);
  return {
    assinatura: { ...check, emitente_confere: emitterMatches(check.certificado, infNFe) },
    infNFe,
  };
}

/** An NF-e XML to JSON, its signature checked (see `verifiedParts`). */
export function readNfe(text: string): NfeDocument & { assinatura: NfeSignatureVerdict } {
  const xml = readNfeXml(text);
  const { assinatura, infNFe } = verifiedParts(xml);
  const infProt = xml.infProt ? elementTree(xml.infProt) : null;
  const nfe = nfeDocument(infNFe, infProt, xml.id.slice(3));
  const protocolo = nfe.protocolo && {
    ...nfe.protocolo,
    resumo_confere: nfe.protocolo.resumo !== null && nfe.protocolo.resumo === declaredDigest(xml),
  };
  return { ...nfe, protocolo, assinatura };
}

/** Only the signature of an NF-e XML, with its chave de acesso. */
export function checkNfeSignature(text: string): NfeSignatureVerdict & { chave: string } {
  const xml = readNfeXml(text);
  return { chave: xml.id.slice(3), ...verifiedParts(xml).assinatura };
}

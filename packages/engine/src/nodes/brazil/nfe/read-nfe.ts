import { nfeDocument, type NfeDocument } from './nfe-document';
import { verifyNfeSignature, type NfeSignatureCheck } from './nfe-signature';
import { elementTree, readNfeXml, xmlTree, type XmlNode } from './nfe-xml';

/**
 * An NF-e XML to JSON, its signature checked. The data of `infNFe` comes from the element the
 * signature verified when it is valid (the canonical text xml-crypto digested), else from the
 * document's only `infNFe`: either way one element, never a look-alike elsewhere in the XML.
 */
export function readNfe(text: string): NfeDocument & { assinatura: NfeSignatureCheck } {
  const xml = readNfeXml(text);
  const { check, signedInfNFe } = verifyNfeSignature(xml);
  const infNFe = signedInfNFe
    ? ((xmlTree(signedInfNFe).infNFe ?? {}) as XmlNode)
    : elementTree(xml.infNFe);
  const infProt = xml.infProt ? elementTree(xml.infProt) : null;
  return { ...nfeDocument(infNFe, infProt, xml.id.slice(3)), assinatura: check };
}

/** Only the signature of an NF-e XML, with its chave de acesso. */
export function checkNfeSignature(text: string): NfeSignatureCheck & { chave: string } {
  const xml = readNfeXml(text);
  return { chave: xml.id.slice(3), ...verifyNfeSignature(xml).check };
}

import type { Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { certificatePem, readCertificate, type NfeCertificate } from './nfe-certificate';
import type { NfeXml } from './nfe-xml';

/**
 * The NF-e's enveloped XML signature (XMLDSig, W3C "XML Signature Syntax and Processing"; MOC
 * 7.0, item 4.3 "Padrão de assinatura digital"): one Signature beside `infNFe`, one Reference
 * to `#NFe<chave>`, C14N 20010315, RSA-SHA1 and SHA-1 (SHA-256 accepted), the signer's
 * certificate in KeyInfo/X509Data/X509Certificate. The chain up to ICP-Brasil is not checked.
 */

export type NfeSignatureCheck = {
  valida: boolean;
  motivo: string;
  certificado: NfeCertificate | null;
};

const dsig = 'http://www.w3.org/2000/09/xmldsig#';
const c14n = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const signatureMethods = new Set([
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
]);
const digestMethods = new Set([
  'http://www.w3.org/2000/09/xmldsig#sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256',
]);
const transforms = new Set([c14n, 'http://www.w3.org/2000/09/xmldsig#enveloped-signature']);

const algorithm = (parent: Element, name: string) =>
  Array.from(parent.getElementsByTagNameNS(dsig, name)).map((e) => e.getAttribute('Algorithm'));

/** What in the signature's declarations the NF-e's standard does not allow; null when all is. */
function declarationProblem(signature: Element, xml: NfeXml): string | null {
  if (signature.parentNode !== xml.infNFe.parentNode) {
    return 'A assinatura não está na NF-e, ao lado do grupo infNFe que deveria assinar.';
  }
  const references = signature.getElementsByTagNameNS(dsig, 'Reference');
  const uri = references.item(0)?.getAttribute('URI') ?? '';
  if (references.length !== 1 || uri !== `#${xml.id}`) {
    return `A assinatura não se refere ao infNFe desta nota (esperado "#${xml.id}", veio "${uri}").`;
  }
  const [method] = algorithm(signature, 'SignatureMethod');
  const [canonical] = algorithm(signature, 'CanonicalizationMethod');
  const [digest] = algorithm(signature, 'DigestMethod');
  const steps = algorithm(signature, 'Transform');
  if (!method || !signatureMethods.has(method)) {
    return `Algoritmo de assinatura não aceito: ${method ?? 'nenhum'} (aceitos: RSA-SHA1 e RSA-SHA256).`;
  }
  if (canonical !== c14n || !steps.every((step) => step && transforms.has(step))) {
    return 'A assinatura usa uma canonicalização ou transformação que a NF-e não prevê (só C14N 20010315 e enveloped-signature).';
  }
  if (!digest || !digestMethods.has(digest)) {
    return `Algoritmo de resumo não aceito: ${digest ?? 'nenhum'} (aceitos: SHA-1 e SHA-256).`;
  }
  return null;
}

/** Runs xml-crypto: the canonical `infNFe` it verified, or why not. */
function cryptoCheck(
  signature: Element,
  xml: NfeXml,
  pem: string,
): { signedInfNFe: string } | { motivo: string } {
  const signed = new SignedXml({ publicCert: pem });
  try {
    signed.loadSignature(signature);
    if (!signed.checkSignature(xml.text)) {
      return {
        motivo:
          'O conteúdo do infNFe foi alterado depois de assinado: o resumo (DigestValue) não confere.',
      };
    }
  } catch (error) {
    const wrongValue = error instanceof Error && /signature value/.test(error.message);
    return {
      motivo: wrongValue
        ? 'O valor da assinatura (SignatureValue) não confere com o certificado do emitente.'
        : 'A assinatura está malformada e não pôde ser verificada.',
    };
  }
  const [reference, ...more] = signed.getSignedReferences();
  return reference !== undefined && more.length === 0
    ? { signedInfNFe: reference }
    : { motivo: 'A assinatura não cobre exatamente o infNFe.' };
}

/**
 * Verifies the NF-e's signature. When valid, `signedInfNFe` is the canonical text of the very
 * `infNFe` whose digest was checked: the data a caller returns must be read from it.
 */
export function verifyNfeSignature(xml: NfeXml): {
  check: NfeSignatureCheck;
  signedInfNFe: string | null;
} {
  return verify(xml);
}

/** The DigestValue the signature declares for `infNFe` (what the SEFAZ records as digVal). */
export function declaredDigest(xml: NfeXml): string | null {
  const value = xml.document.getElementsByTagNameNS(dsig, 'DigestValue').item(0)?.textContent;
  return value?.trim() || null;
}

function verify(xml: NfeXml): { check: NfeSignatureCheck; signedInfNFe: string | null } {
  const fail = (motivo: string, certificado: NfeCertificate | null = null) => ({
    check: { valida: false, motivo, certificado },
    signedInfNFe: null,
  });
  const signatures = xml.document.getElementsByTagNameNS(dsig, 'Signature');
  if (signatures.length === 0) return fail('A NF-e não tem assinatura digital (grupo Signature).');
  if (signatures.length > 1) return fail('O XML tem mais de uma assinatura; uma NF-e tem uma só.');
  const signature = signatures.item(0)!;
  const base64 = signature.getElementsByTagNameNS(dsig, 'X509Certificate').item(0)?.textContent;
  if (!base64?.trim()) {
    return fail(
      'A assinatura não traz o certificado do emitente (KeyInfo/X509Data/X509Certificate).',
    );
  }
  const certificado = readCertificate(base64);
  if (!certificado) return fail('O certificado da assinatura não pôde ser lido.');
  const problem = declarationProblem(signature, xml);
  if (problem) return fail(problem, certificado);
  const result = cryptoCheck(signature, xml, certificatePem(base64));
  if (!('signedInfNFe' in result)) return fail(result.motivo, certificado);
  return {
    check: {
      valida: true,
      motivo:
        'Assinatura válida: o infNFe não mudou desde que foi assinado com o certificado informado.',
      certificado,
    },
    signedInfNFe: result.signedInfNFe,
  };
}

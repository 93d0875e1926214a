import { DOMParser, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';
import { XMLParser } from 'fast-xml-parser';
import { nfeXmlMaxBytes } from './nfe-limits';

/** A parsed XML element as fast-xml-parser gives it: text leaves, attributes as `@_name`. */
export type XmlNode = Record<string, unknown>;

/** An NF-e XML read into a DOM, its one `infNFe` and the `infProt` of its protocol, if any. */
export type NfeXml = {
  text: string;
  document: Document;
  infNFe: Element;
  /** The `Id` attribute of `infNFe`: 'NFe' and the 44 characters of the chave de acesso. */
  id: string;
  infProt: Element | null;
};

/** Tags that may repeat and so are always read as lists, even when only one is present. */
const repeated = new Set(['det', 'dup', 'detPag', 'vol', 'obsCont', 'obsFisco', 'NFref', 'lacres']);

const tree = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => repeated.has(name),
});

/** Refuses what is not an NF-e XML before anything parses it: size, DTD, entities. */
function guard(text: string): void {
  if (Buffer.byteLength(text, 'utf8') > nfeXmlMaxBytes) {
    throw new Error('O XML da NF-e passa do limite de 5 MB.');
  }
  if (!text.trim()) throw new Error('Informe o XML da NF-e.');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new Error('O XML da NF-e não pode ter DOCTYPE nem entidades declaradas.');
  }
}

function parseDom(text: string): Document {
  try {
    return new DOMParser({
      onError: (level) => {
        if (level !== 'warning') throw new Error('malformed');
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    throw new Error('O conteúdo não é um XML bem formado.');
  }
}

/** The one element named `name` in any namespace; null when none, an error when several. */
function single(document: Document, name: string): Element | null {
  const found = document.getElementsByTagNameNS('*', name);
  if (found.length > 1) {
    throw new Error(`O XML tem ${found.length} grupos ${name}; uma NF-e tem um só.`);
  }
  return found.item(0);
}

/**
 * Reads an NF-e XML, `nfeProc` (the NF-e and its authorisation protocol) or a bare `NFe`, and
 * finds its one `infNFe`: a second one anywhere is refused, so the element a signature covers
 * and the element whose data is returned cannot differ (signature wrapping).
 */
export function readNfeXml(text: string): NfeXml {
  guard(text);
  const document = parseDom(text);
  const root = document.documentElement;
  if (!root || (root.localName !== 'nfeProc' && root.localName !== 'NFe')) {
    throw new Error(
      `O XML não é uma NF-e: a raiz é <${root?.localName ?? ''}>, esperada <nfeProc> ou <NFe>.`,
    );
  }
  const infNFe = single(document, 'infNFe');
  if (!infNFe) throw new Error('O XML não é uma NF-e: falta o grupo infNFe.');
  const id = infNFe.getAttribute('Id') ?? '';
  if (!/^NFe[0-9A-Z]{44}$/.test(id)) {
    throw new Error(`O atributo Id do infNFe deve ser 'NFe' e a chave de acesso; veio "${id}".`);
  }
  return { text, document, infNFe, id, infProt: single(document, 'infProt') };
}

/** An XML fragment (an element's own text) as a tree of plain objects. */
export function xmlTree(fragment: string): XmlNode {
  return tree.parse(fragment) as XmlNode;
}

/** An element of the DOM as a tree of plain objects (its own content only). */
export function elementTree(element: Element): XmlNode {
  const parsed = xmlTree(new XMLSerializer().serializeToString(element));
  return (parsed[element.localName ?? ''] ?? {}) as XmlNode;
}

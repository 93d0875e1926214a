import { group, list, num, text } from './nfe-values';
import type { XmlNode } from './nfe-xml';

/**
 * The items of an NF-e (`det`, MOC 7.0 groups I and N–S) with their taxes. ICMS comes from
 * whichever of its groups is present (ICMS00…ICMS90, ICMSPart, ICMSST, ICMSSN101…ICMSSN900),
 * named in `grupo`; PIS and COFINS likewise (PISAliq, PISQtde, PISNT, PISOutr…).
 */

/** The one child group of a tax (`<ICMS><ICMS00>…`), with its name. */
function taxGroup(tax: XmlNode): { name: string; node: XmlNode } | null {
  const name = Object.keys(tax).find((key) => typeof tax[key] === 'object' && tax[key] !== null);
  return name ? { name, node: group(tax, name) } : null;
}

function icms(tax: XmlNode) {
  const found = taxGroup(tax);
  if (!found) return null;
  const g = found.node;
  return {
    grupo: found.name,
    origem: text(g, 'orig'),
    cst: text(g, 'CST'),
    csosn: text(g, 'CSOSN'),
    modalidade_base_calculo: text(g, 'modBC'),
    reducao_base_calculo: num(g, 'pRedBC'),
    base_calculo: num(g, 'vBC'),
    aliquota: num(g, 'pICMS'),
    valor: num(g, 'vICMS'),
    fcp: { base_calculo: num(g, 'vBCFCP'), aliquota: num(g, 'pFCP'), valor: num(g, 'vFCP') },
    st: {
      modalidade_base_calculo: text(g, 'modBCST'),
      mva: num(g, 'pMVAST'),
      base_calculo: num(g, 'vBCST'),
      aliquota: num(g, 'pICMSST'),
      valor: num(g, 'vICMSST'),
    },
    credito_simples_nacional: { aliquota: num(g, 'pCredSN'), valor: num(g, 'vCredICMSSN') },
    desonerado: { valor: num(g, 'vICMSDeson'), motivo: text(g, 'motDesICMS') },
  };
}

function ipi(tax: XmlNode) {
  const inner = ['IPITrib', 'IPINT'].find((key) => tax[key] !== undefined);
  const g = inner ? group(tax, inner) : {};
  return {
    grupo: inner ?? null,
    enquadramento: text(tax, 'cEnq'),
    cst: text(g, 'CST'),
    base_calculo: num(g, 'vBC'),
    aliquota: num(g, 'pIPI'),
    quantidade: num(g, 'qUnid'),
    valor_unidade: num(g, 'vUnid'),
    valor: num(g, 'vIPI'),
  };
}

/** PIS or COFINS: `prefix` is the tag's name, which also names its rate and value. */
function contribution(tax: XmlNode, prefix: 'PIS' | 'COFINS') {
  const found = taxGroup(tax);
  if (!found) return null;
  const g = found.node;
  return {
    grupo: found.name,
    cst: text(g, 'CST'),
    base_calculo: num(g, 'vBC'),
    aliquota: num(g, `p${prefix}`),
    quantidade: num(g, 'qBCProd'),
    aliquota_valor: num(g, 'vAliqProd'),
    valor: num(g, `v${prefix}`),
  };
}

function item(det: XmlNode) {
  const prod = group(det, 'prod');
  const tax = group(det, 'imposto');
  return {
    numero_item: num(det, '@_nItem'),
    codigo: text(prod, 'cProd'),
    gtin: text(prod, 'cEAN'),
    descricao: text(prod, 'xProd'),
    ncm: text(prod, 'NCM'),
    cest: text(prod, 'CEST'),
    cfop: text(prod, 'CFOP'),
    unidade: text(prod, 'uCom'),
    quantidade: num(prod, 'qCom'),
    valor_unitario: num(prod, 'vUnCom'),
    valor_total: num(prod, 'vProd'),
    unidade_tributavel: text(prod, 'uTrib'),
    quantidade_tributavel: num(prod, 'qTrib'),
    valor_unitario_tributavel: num(prod, 'vUnTrib'),
    frete: num(prod, 'vFrete'),
    seguro: num(prod, 'vSeg'),
    desconto: num(prod, 'vDesc'),
    outros: num(prod, 'vOutro'),
    pedido: text(prod, 'xPed'),
    informacoes_adicionais: text(det, 'infAdProd'),
    impostos: {
      total_tributos: num(tax, 'vTotTrib'),
      icms: tax.ICMS === undefined ? null : icms(group(tax, 'ICMS')),
      ipi: tax.IPI === undefined ? null : ipi(group(tax, 'IPI')),
      pis: tax.PIS === undefined ? null : contribution(group(tax, 'PIS'), 'PIS'),
      cofins: tax.COFINS === undefined ? null : contribution(group(tax, 'COFINS'), 'COFINS'),
    },
  };
}

export type NfeItem = ReturnType<typeof item>;

/** Every `det` of `infNFe`, in order. */
export function nfeItems(infNFe: XmlNode): NfeItem[] {
  return list(infNFe, 'det').map(item);
}

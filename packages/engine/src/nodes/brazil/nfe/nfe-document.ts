import { nfeItems } from './nfe-items';
import { emitter, recipient, transport } from './nfe-parties';
import { dateTime, group, has, list, num, text } from './nfe-values';
import type { XmlNode } from './nfe-xml';

/**
 * An NF-e as JSON: the groups of `infNFe` (MOC 7.0, Anexo I, layout 4.00) under pt-BR names,
 * numbers as numbers, date-times in UTC ISO 8601. The table of fields is in docs/brasil.md.
 */

/** Payment means (tPag), MOC 7.0 field YA02 and its technical notes. */
const paymentMeans: Readonly<Record<string, string>> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de crédito',
  '04': 'Cartão de débito',
  '05': 'Crédito loja',
  '10': 'Vale alimentação',
  '11': 'Vale refeição',
  '12': 'Vale presente',
  '13': 'Vale combustível',
  '15': 'Boleto bancário',
  '16': 'Depósito bancário',
  '17': 'Pix',
  '18': 'Transferência bancária, carteira digital',
  '19': 'Programa de fidelidade, cashback, crédito virtual',
  '90': 'Sem pagamento',
  '99': 'Outros',
};

function identification(infNFe: XmlNode) {
  const ide = group(infNFe, 'ide');
  const direction = text(ide, 'tpNF');
  const environment = text(ide, 'tpAmb');
  return {
    uf_codigo: text(ide, 'cUF'),
    codigo_numerico: text(ide, 'cNF'),
    natureza_operacao: text(ide, 'natOp'),
    modelo: text(ide, 'mod'),
    serie: num(ide, 'serie'),
    numero: num(ide, 'nNF'),
    emissao: dateTime(ide, 'dhEmi') ?? dateTime(ide, 'dEmi'),
    saida_entrada: dateTime(ide, 'dhSaiEnt'),
    tipo: direction === '0' ? 'entrada' : direction === '1' ? 'saida' : direction,
    destino_operacao: text(ide, 'idDest'),
    municipio_fato_gerador: text(ide, 'cMunFG'),
    tipo_emissao: text(ide, 'tpEmis'),
    ambiente: environment === '1' ? 'producao' : environment === '2' ? 'homologacao' : environment,
    finalidade: text(ide, 'finNFe'),
    consumidor_final: text(ide, 'indFinal') === null ? null : text(ide, 'indFinal') === '1',
    presenca: text(ide, 'indPres'),
  };
}

function totals(infNFe: XmlNode) {
  const t = group(group(infNFe, 'total'), 'ICMSTot');
  return {
    base_calculo_icms: num(t, 'vBC'),
    icms: num(t, 'vICMS'),
    icms_desonerado: num(t, 'vICMSDeson'),
    fcp: num(t, 'vFCP'),
    base_calculo_st: num(t, 'vBCST'),
    icms_st: num(t, 'vST'),
    fcp_st: num(t, 'vFCPST'),
    fcp_st_retido: num(t, 'vFCPSTRet'),
    produtos: num(t, 'vProd'),
    frete: num(t, 'vFrete'),
    seguro: num(t, 'vSeg'),
    desconto: num(t, 'vDesc'),
    ii: num(t, 'vII'),
    ipi: num(t, 'vIPI'),
    ipi_devolvido: num(t, 'vIPIDevol'),
    pis: num(t, 'vPIS'),
    cofins: num(t, 'vCOFINS'),
    outros: num(t, 'vOutro'),
    valor_nota: num(t, 'vNF'),
    tributos_aproximados: num(t, 'vTotTrib'),
  };
}

function billing(infNFe: XmlNode) {
  if (!has(infNFe, 'cobr')) return null;
  const cobr = group(infNFe, 'cobr');
  const fat = group(cobr, 'fat');
  return {
    fatura: has(cobr, 'fat')
      ? {
          numero: text(fat, 'nFat'),
          valor_original: num(fat, 'vOrig'),
          desconto: num(fat, 'vDesc'),
          valor_liquido: num(fat, 'vLiq'),
        }
      : null,
    duplicatas: list(cobr, 'dup').map((dup) => ({
      numero: text(dup, 'nDup'),
      vencimento: text(dup, 'dVenc'),
      valor: num(dup, 'vDup'),
    })),
  };
}

function payment(infNFe: XmlNode) {
  const pag = group(infNFe, 'pag');
  return {
    formas: list(pag, 'detPag').map((detail) => {
      const means = text(detail, 'tPag');
      return {
        indicador: text(detail, 'indPag'),
        meio: means,
        meio_nome: (means && paymentMeans[means]) ?? null,
        descricao: text(detail, 'xPag'),
        valor: num(detail, 'vPag'),
      };
    }),
    troco: num(pag, 'vTroco'),
  };
}

function additionalInfo(infNFe: XmlNode) {
  const info = group(infNFe, 'infAdic');
  return {
    fisco: text(info, 'infAdFisco'),
    contribuinte: text(info, 'infCpl'),
    observacoes: list(info, 'obsCont').map((obs) => ({
      campo: text(obs, '@_xCampo'),
      texto: text(obs, 'xTexto'),
    })),
  };
}

/** The authorisation protocol (`protNFe/infProt`); null for a bare NFe. */
function protocol(infProt: XmlNode | null, chave: string) {
  if (!infProt) return null;
  const status = num(infProt, 'cStat');
  return {
    chave: text(infProt, 'chNFe'),
    chave_confere: text(infProt, 'chNFe') === chave,
    numero: text(infProt, 'nProt'),
    status,
    motivo: text(infProt, 'xMotivo'),
    autorizada: status === 100 || status === 150,
    recebido_em: dateTime(infProt, 'dhRecbto'),
    ambiente: text(infProt, 'tpAmb') === '1' ? 'producao' : 'homologacao',
    resumo: text(infProt, 'digVal'),
  };
}

/** The JSON of an NF-e from its `infNFe` and, when present, its protocol's `infProt`. */
export function nfeDocument(infNFe: XmlNode, infProt: XmlNode | null, chave: string) {
  return {
    chave,
    versao: text(infNFe, '@_versao'),
    ide: identification(infNFe),
    emitente: emitter(infNFe),
    destinatario: recipient(infNFe),
    itens: nfeItems(infNFe),
    totais: totals(infNFe),
    transporte: transport(infNFe),
    cobranca: billing(infNFe),
    pagamento: payment(infNFe),
    informacoes_adicionais: additionalInfo(infNFe),
    protocolo: protocol(infProt, chave),
  };
}

export type NfeDocument = ReturnType<typeof nfeDocument>;

import { collectionModulo11, modulo10 } from './check-digits';
import { BoletoError, boletoMessages } from './boleto-messages';

/**
 * A boleto of arrecadação (convênios: utilities, taxes, fines), per FEBRABAN's "Layout Padrão
 * de Arrecadação/Recebimento com Utilização do Código de Barras" (https://portal.febraban.org.br/
 * pagina/3166/33/pt-br/layour-arrecadacao). Barcode, 44 digits: product '8' (1), segment (2),
 * value identifier (3), general check digit (4), amount or reference value (5-15, two
 * decimals), the company or agency (16-19, or 16-23 with the CNPJ's first 8 digits in segment
 * 6), then the free field. Linha digitável, 48 digits: the barcode in 4 blocks of 11, each
 * followed by its check digit. The value identifier chooses the check digits: 6 and 7
 * módulo 10, 8 and 9 módulo 11; 6 and 8 carry the amount in reais, 7 and 9 a reference value
 * (a quantity of a currency or index).
 */
export interface CollectionBoleto {
  tipo: 'arrecadacao';
  banco: null;
  segmento: { codigo: string; nome: string };
  identificador_valor: string;
  /** 'real' (identifiers 6 and 8) or 'referencia' (7 and 9). */
  tipo_valor: 'real' | 'referencia';
  valor: number;
  vencimento: null;
  fator_vencimento: null;
  /** The company's FEBRABAN code (4 digits) or, in segment 6, its CNPJ's first 8 digits. */
  empresa: string;
  codigo_barras: string;
  linha_digitavel: string;
  linha_digitavel_formatada: string;
  campo_livre: string;
  modulo: 10 | 11;
  digitos_verificadores: { geral: number; blocos: number[] };
}

/** FEBRABAN's segments (2nd digit). */
const segments: Readonly<Record<string, string>> = {
  '1': 'Prefeituras',
  '2': 'Saneamento',
  '3': 'Energia elétrica e gás',
  '4': 'Telecomunicações',
  '5': 'Órgãos governamentais',
  '6': 'Carnês e assemelhados ou demais empresas e órgãos identificados pelo CNPJ',
  '7': 'Multas de trânsito',
  '9': 'Uso exclusivo do banco',
};

const valueKinds: Readonly<Record<string, { modulo: 10 | 11; tipo: 'real' | 'referencia' }>> = {
  '6': { modulo: 10, tipo: 'real' },
  '7': { modulo: 10, tipo: 'referencia' },
  '8': { modulo: 11, tipo: 'real' },
  '9': { modulo: 11, tipo: 'referencia' },
};

/** The check digit of `digits` by the modulo the value identifier says. */
function digitOf(digits: string, modulo: 10 | 11): number {
  return modulo === 10 ? modulo10(digits) : collectionModulo11(digits);
}

/** The segment and value identifier of a barcode or a linha (both start with them). */
function kindOf(digits: string): { modulo: 10 | 11; tipo: 'real' | 'referencia' } {
  if (!segments[digits[1]!]) throw new BoletoError(boletoMessages.segment(digits[1]!));
  const kind = valueKinds[digits[2]!];
  if (!kind) throw new BoletoError(boletoMessages.valueKind(digits[2]!));
  return kind;
}

const blocksOf = (digits: string) => [0, 1, 2, 3].map((i) => digits.slice(i * 11, i * 11 + 11));

/** Reads an arrecadação barcode (44 digits, starting with 8). */
export function readCollectionBarcode(barcode: string): CollectionBoleto {
  const kind = kindOf(barcode);
  const expected = digitOf(`${barcode.slice(0, 3)}${barcode.slice(4)}`, kind.modulo);
  if (Number(barcode[3]) !== expected)
    throw new BoletoError(boletoMessages.collectionGeneral(barcode[3]!, expected));
  const blocks = blocksOf(barcode).map((block) => digitOf(block, kind.modulo));
  const line = blocksOf(barcode)
    .map((block, i) => `${block}${blocks[i]}`)
    .join('');
  const companyLength = barcode[1] === '6' ? 8 : 4;
  return {
    tipo: 'arrecadacao',
    banco: null,
    segmento: { codigo: barcode[1]!, nome: segments[barcode[1]!]! },
    identificador_valor: barcode[2]!,
    tipo_valor: kind.tipo,
    valor: Number(barcode.slice(4, 15)) / 100,
    vencimento: null,
    fator_vencimento: null,
    empresa: barcode.slice(15, 15 + companyLength),
    codigo_barras: barcode,
    linha_digitavel: line,
    linha_digitavel_formatada: blocksOf(barcode)
      .map((block, i) => `${block}-${blocks[i]}`)
      .join(' '),
    campo_livre: barcode.slice(15 + companyLength),
    modulo: kind.modulo,
    digitos_verificadores: { geral: expected, blocos: blocks },
  };
}

/** Reads an arrecadação linha digitável (48 digits): each block's check digit, then the rest. */
export function readCollectionLine(line: string): CollectionBoleto {
  const kind = kindOf(line);
  const blocks = [0, 1, 2, 3].map((i) => line.slice(i * 12, i * 12 + 11));
  blocks.forEach((block, i) => {
    const expected = digitOf(block, kind.modulo);
    const found = line[i * 12 + 11]!;
    if (Number(found) !== expected)
      throw new BoletoError(boletoMessages.collectionBlock(i + 1, found, expected));
  });
  return readCollectionBarcode(blocks.join(''));
}

import { bankModulo11, modulo10 } from './check-digits';
import { bankNames } from './bank-names';
import { BoletoError, boletoMessages } from './boleto-messages';
import { dueDateOfFactor } from './due-date-factor';

/**
 * A bank boleto (ficha de compensação), as the banks' specifications lay it out on FEBRABAN's
 * and the Banco Central's rules. Barcode, 44 digits: bank (1-3), currency (4, '9' is the
 * real), general check digit (5, módulo 11), due-date factor (6-9), amount in cents (10-19),
 * free field of the bank (20-44). Linha digitável, 47 digits in 5 fields: bank, currency and
 * free field 1-5 + DV; free field 6-15 + DV; free field 16-25 + DV (módulo 10 each); the
 * general check digit; the factor and the amount.
 */
export interface BankBoleto {
  tipo: 'bancario';
  banco: { codigo: string; nome: string | null };
  moeda: string;
  /** In reais (the currency's unit); 0 when the boleto leaves the amount to the payer. */
  valor: number;
  /** 'YYYY-MM-DD', or null for a factor 0000. */
  vencimento: string | null;
  fator_vencimento: string;
  codigo_barras: string;
  linha_digitavel: string;
  linha_digitavel_formatada: string;
  campo_livre: string;
  digitos_verificadores: { geral: number; campo1: number; campo2: number; campo3: number };
}

/** The linha digitável of a bank barcode whose check digit was checked. */
function lineOf(barcode: string): string {
  const free = barcode.slice(19);
  const field1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15);
  return [
    `${field1}${modulo10(field1)}`,
    `${field2}${modulo10(field2)}`,
    `${field3}${modulo10(field3)}`,
    barcode[4],
    barcode.slice(5, 19),
  ].join('');
}

/** The barcode a bank linha digitável stands for (its check digits not checked). */
function barcodeOf(line: string): string {
  return `${line.slice(0, 4)}${line[32]}${line.slice(33)}${line.slice(4, 9)}${line.slice(10, 20)}${line.slice(21, 31)}`;
}

/** '00190.50095 40144.816069 06809.350314 3 37370000000100', as boletos print it. */
function formatLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}

function checkGeneral(barcode: string): number {
  const expected = bankModulo11(`${barcode.slice(0, 4)}${barcode.slice(5)}`);
  if (Number(barcode[4]) !== expected)
    throw new BoletoError(boletoMessages.bankGeneral(barcode[4]!, expected));
  return expected;
}

/** The field check digits of a linha digitável, each checked in order. */
function checkFields(line: string): void {
  const fields: [number, number][] = [
    [0, 9],
    [10, 20],
    [21, 31],
  ];
  fields.forEach(([start, end], i) => {
    const expected = modulo10(line.slice(start, end));
    if (Number(line[end]) !== expected)
      throw new BoletoError(boletoMessages.bankField(i + 1, line[end]!, expected));
  });
}

/** Reads a bank boleto's 44-digit barcode; a wrong check digit throws a `BoletoError`. */
export function readBankBarcode(barcode: string, today: string | number): BankBoleto {
  const general = checkGeneral(barcode);
  const factor = barcode.slice(5, 9);
  const dueDate = Number(factor) === 0 ? null : dueDateOfFactor(Number(factor), today);
  if (Number(factor) !== 0 && !dueDate) throw new BoletoError(boletoMessages.factor(factor));
  const line = lineOf(barcode);
  const code = barcode.slice(0, 3);
  return {
    tipo: 'bancario',
    banco: { codigo: code, nome: bankNames[code] ?? null },
    moeda: barcode[3]!,
    valor: Number(barcode.slice(9, 19)) / 100,
    vencimento: dueDate,
    fator_vencimento: factor,
    codigo_barras: barcode,
    linha_digitavel: line,
    linha_digitavel_formatada: formatLine(line),
    campo_livre: barcode.slice(19),
    digitos_verificadores: {
      geral: general,
      campo1: Number(line[9]),
      campo2: Number(line[20]),
      campo3: Number(line[31]),
    },
  };
}

/** Reads a bank boleto's 47-digit linha digitável: the fields' check digits, then the rest. */
export function readBankLine(line: string, today: string | number): BankBoleto {
  checkFields(line);
  return readBankBarcode(barcodeOf(line), today);
}

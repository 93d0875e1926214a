import type jsonata from 'jsonata';
import {
  cepDigits,
  cnpjCharacters,
  cpfDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  isCnpj,
} from '@ponte/shared/brazil/documents';
import { formatBrDate, parseBrDate } from '@ponte/shared/brazil/dates';
import { formatBrl, parseBrNumber } from '@ponte/shared/brazil/numbers';
import { formatPhoneNational, phoneToE164 } from '@ponte/shared/brazil/phones';
import { ExpressionError } from './limits';

/**
 * Brazilian documents, money and dates as expression functions (docs/adr/0118, docs/brasil.md
 * "Documentos nas expressões"): `$cpf`, `$cnpj`, `$cep`, `$telefone`, `$moeda`, `$dataBR`.
 * Each calls the one implementation in `@ponte/shared/brazil/`. A value that is not what the
 * function reads fails the expression with a pt-BR reason; with no value (a missing field)
 * they give nothing, as JSONata's own functions do. Each reads its argument once with
 * anchored patterns: no backtracking, cheap within the expression budget.
 */

/**
 * Longest text the functions read: a document, an amount or a date is far shorter, and the
 * number pattern of `parseBrNumber` backtracks over a long run of digits, natively, where the
 * step guard cannot stop it. A longer text is simply not a document.
 */
const maxText = 64;

/** The text as it came, or '' (which no function accepts) when it is too long to be one. */
const bounded = (text: string) => (text.length > maxText ? '' : text);

/** Text of a document given as text or as a whole number (leading zeros put back). */
function documentText(name: string, value: string | number, width: number): string {
  if (typeof value === 'string') return bounded(value);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ExpressionError(`$${name}: ${value} não é um número de documento.`);
  return String(value).padStart(width, '0');
}

/** The value as an error message quotes it, cut to 40 characters. */
function quoted(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
}

function unknownMode(name: string, mode: string, modes: string[]): never {
  const list = modes.map((m) => `"${m}"`).join(' ou ');
  throw new ExpressionError(`$${name}: o modo "${mode}" não existe; use ${list}, ou nenhum.`);
}

/** One document function: formatted by default, "valido" a boolean, "digitos" bare. */
function documentFunction(
  name: string,
  label: string,
  width: number,
  read: (text: string) => string | null,
  format: (bare: string) => string,
) {
  return (value: string | number | undefined, mode?: string): string | boolean | undefined => {
    if (value === undefined) return undefined;
    const bare = read(documentText(name, value, width));
    if (mode === 'valido') return bare !== null;
    if (mode !== undefined && mode !== 'digitos') unknownMode(name, mode, ['valido', 'digitos']);
    if (bare === null)
      throw new ExpressionError(`$${name}: ${quoted(value)} não é ${label} válido.`);
    return mode === 'digitos' ? bare : format(bare);
  };
}

const cpf = documentFunction('cpf', 'um CPF', 11, cpfDigits, formatCpf);
const cnpj = documentFunction(
  'cnpj',
  'um CNPJ',
  14,
  (text) => (isCnpj(text) ? cnpjCharacters(text) : null),
  formatCnpj,
);
const cep = documentFunction('cep', 'um CEP', 8, cepDigits, formatCep);

/** `$telefone(v)` E.164; "nacional" '(11) 98765-4321'; "valido" a boolean. */
function telefone(input: string | number | undefined, mode?: string): string | boolean | undefined {
  if (input === undefined) return undefined;
  const value = bounded(String(input));
  if (mode === 'valido') return phoneToE164(value) !== null;
  if (mode !== undefined && mode !== 'nacional')
    unknownMode('telefone', mode, ['nacional', 'valido']);
  const phone = mode === 'nacional' ? formatPhoneNational(value) : phoneToE164(value);
  if (phone === null)
    throw new ExpressionError(
      `$telefone: ${quoted(String(input))} não é um telefone brasileiro válido (DDD existente e número de fixo ou celular).`,
    );
  return phone;
}

/** `$moeda(número)` 'R$ 1.234,50'; `$moeda(texto)` the number ('R$ 1.234,56' → 1234.56). */
function moeda(value: string | number | undefined): string | number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return formatBrl(value);
  let text = bounded(value).trim();
  let sign = '';
  if (text.startsWith('-')) {
    sign = '-';
    text = text.slice(1).trimStart();
  }
  if (text.startsWith('R$')) text = text.slice(2).trimStart();
  const amount = parseBrNumber(`${sign}${text}`);
  if (amount === null)
    throw new ExpressionError(`$moeda: ${quoted(value)} não é um valor em reais (ex.: 1.234,56).`);
  return amount;
}

/**
 * `$dataBR("25/12/2026")` '2026-12-25' (with a time, the ISO instant); `$dataBR(instant)`
 * 'DD/MM/YYYY' in São Paulo, 'DD/MM/YYYY HH:mm' when `comHora` is true.
 */
function dataBR(value: string | number | undefined, withTime?: boolean): string | undefined {
  if (value === undefined) return undefined;
  const input = typeof value === 'string' ? bounded(value) : value;
  const parsed = typeof input === 'string' ? parseBrDate(input) : null;
  if (parsed !== null) return parsed;
  const written = formatBrDate(input, withTime === true);
  if (written === null)
    throw new ExpressionError(
      `$dataBR: ${quoted(value)} não é uma data (use DD/MM/AAAA, DD/MM/AAAA HH:mm ou uma data ISO 8601, como a de $now()).`,
    );
  return written;
}

/** Puts the functions in a compiled expression; JSONata checks the argument types. */
export function registerDocumentFunctions(compiled: jsonata.Expression): void {
  compiled.registerFunction('cpf', cpf, '<(sn)-s?:x>');
  compiled.registerFunction('cnpj', cnpj, '<(sn)-s?:x>');
  compiled.registerFunction('cep', cep, '<(sn)-s?:x>');
  compiled.registerFunction('telefone', telefone, '<(sn)-s?:x>');
  compiled.registerFunction('moeda', moeda, '<(sn)-:x>');
  compiled.registerFunction('dataBR', dataBR, '<(sn)-b?:s>');
}

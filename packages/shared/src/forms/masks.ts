// The forms' masks are imask's, on the page and on the server alike (docs/adr/0039).
import IMask, { type FactoryOpts } from 'imask';
import type { FormMask } from '../forms.schema';

/**
 * Masks of text fields (spec 2 §5; docs/adr/0039). One imask configuration per mask, used by
 * the public page (react-imask, as people type) and by the server (to check that a value sent
 * fills its mask), so both format and refuse the same way.
 *
 * Mask characters, in the built-in and in custom masks: `0` a digit, `S` a letter, `A` a
 * letter or a digit, `#` any number of digits; every other character is a literal. A custom
 * mask written as a number format ('#.##0,00', '#,##0.00', '#0') is a number mask.
 */
const fixedPatterns: Partial<Record<FormMask, string>> = {
  cpf: '000.000.000-00',
  // 12 letters or digits and 2 check digits: numeric and alphanumeric CNPJs (docs/adr/0077).
  cnpj: 'AA.AAA.AAA/AAAA-00',
  phone: '(00) 0000-0000',
  mobile: '(00) 00000-0000',
  date: '00/00/0000',
  datetime: '00/00/0000 00:00',
  time: '00:00',
  cep: '00000-000',
};

/** What a person reads for masks whose pattern is not self-explanatory. */
const readablePatterns: Partial<Record<FormMask, string>> = {
  // Most CNPJs are numeric: the placeholder shows their form, letters are taken all the same.
  cnpj: '00.000.000/0000-00',
  date: 'DD/MM/AAAA',
  datetime: 'DD/MM/AAAA HH:mm',
  time: 'HH:mm',
  price_brl: 'R$ 1.234,56',
  price_usd: '$ 1,234.56',
};

interface NumberFormat {
  prefix: string;
  thousands: string;
  radix: string;
  scale: number;
}

const priceFormats: Partial<Record<FormMask, NumberFormat>> = {
  price_brl: { prefix: 'R$ ', thousands: '.', radix: ',', scale: 2 },
  price_usd: { prefix: '$ ', thousands: ',', radix: '.', scale: 2 },
};

/** imask's block names for '#' runs: private-use characters nobody types in a mask. */
const blockBase = 0xe000;
const privateUse = /[\uE000-\uF8FF]/g;

const definitions = { S: /[A-Za-z]/, A: /[A-Za-z0-9]/ };

/** A custom mask written as a number format: '#', '#0', '#.##0', '#.##0,00', '#,##0.00', '#0,00'. */
export function numberFormatOf(custom: string): NumberFormat | null {
  const mask = custom.trim();
  if (!/^#[#0.,]*$/.test(mask)) return null;
  const decimals = /^(.*?)([.,])(0+)$/.exec(mask);
  const integer = decimals ? decimals[1]! : mask;
  const radix = decimals ? decimals[2]! : '';
  const scale = decimals ? decimals[3]!.length : 0;
  const grouped = /^#+([.,])#+0*$/.exec(integer);
  if (!grouped && !/^#+0*$/.test(integer)) return null;
  const thousands = grouped ? grouped[1]! : '';
  if (thousands && thousands === radix) return null;
  return { prefix: '', thousands, radix: radix || (thousands === ',' ? '.' : ','), scale };
}

function numberOptions(format: NumberFormat): FactoryOpts {
  const number = {
    mask: Number,
    thousandsSeparator: format.thousands,
    radix: format.radix,
    mapToRadix: [format.radix],
    scale: format.scale,
    normalizeZeros: true,
    padFractionalZeros: true,
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  };
  if (!format.prefix) return number as FactoryOpts;
  return { mask: `${escapeLiterals(format.prefix)}n`, blocks: { n: number } } as FactoryOpts;
}

function escapeLiterals(text: string): string {
  return [...text].map((char) => `\\${char}`).join('');
}

/** Letters of a CNPJ are upper-case (Receita Federal): typed lower-case, they are shown upper. */
const upperCase = (chars: string) => chars.toUpperCase();

/**
 * A whole phone pasted or autofilled with the country code ('+55 11 91234-5678',
 * '5511912345678') into an empty phone mask: the code goes, the area code and number stay.
 * A 55 that is the area code is kept: then the digits are two fewer (docs/adr/0077).
 */
const countryCode = /^\s*\+?\s*55\D*(?=\(?\d{2}\)?[ -]?\d{4,5}[ -]?\d{4}\s*$)/;
const withoutCountryCode = (chars: string, masked: { value: string }) =>
  masked.value ? chars : chars.replace(countryCode, '');

const prepareOf: Partial<Record<FormMask, Partial<FactoryOpts>>> = {
  cnpj: { prepareChar: upperCase },
  phone: { prepare: withoutCountryCode },
  mobile: { prepare: withoutCountryCode },
};

/** The spec's mask characters in imask's pattern language: every literal escaped. */
function patternOptions(spec: string, prepare?: Partial<FactoryOpts>): FactoryOpts {
  let pattern = '';
  const blocks: Record<string, { mask: RegExp }> = {};
  const chars = [...spec.replace(privateUse, '')];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '0' || char === 'S' || char === 'A') pattern += char;
    else if (char === '#') {
      while (chars[i + 1] === '#') i++;
      const name = String.fromCharCode(blockBase + Object.keys(blocks).length);
      blocks[name] = { mask: /^\d*$/ };
      pattern += name;
    } else pattern += `\\${char}`;
  }
  return { mask: pattern, definitions, blocks, ...prepare } as FactoryOpts;
}

/**
 * imask options of a text field's mask; null for '' (no mask). Shared by page and server.
 * Always an options object (a `FactoryArg`), so react-imask's `useIMask` takes it as it is.
 */
export function maskOptions(mask: FormMask, custom?: string): FactoryOpts | null {
  const fixed = fixedPatterns[mask];
  if (fixed) return patternOptions(fixed, prepareOf[mask]);
  const price = priceFormats[mask];
  if (price) return numberOptions(price);
  if (mask !== 'custom') return null;
  const spec = (custom ?? '').trim();
  if (!spec) return null;
  const format = numberFormatOf(spec);
  return format ? numberOptions(format) : patternOptions(spec);
}

function masked(mask: FormMask, value: string, custom?: string) {
  const options = maskOptions(mask, custom);
  if (!options) return null;
  const m = IMask.createMask(options);
  m.resolve(value);
  return m;
}

/** A raw value formatted by the mask, as the page shows it ('52998224725' → '529.982.247-25'). */
export function applyMask(mask: FormMask, value: string, custom?: string): string {
  return masked(mask, value, custom)?.value ?? value;
}

/** The pattern a person reads in the placeholder and in invalidMask ('000.000.000-00'). */
export function maskPlaceholder(mask: FormMask, custom?: string): string {
  if (mask === 'custom') return (custom ?? '').trim().replace(privateUse, '');
  return readablePatterns[mask] ?? fixedPatterns[mask] ?? '';
}

function numberFormatOfMask(mask: FormMask, custom?: string): NumberFormat | null {
  return priceFormats[mask] ?? (mask === 'custom' ? numberFormatOf(custom ?? '') : null);
}

/** The number a value of a number mask stands for ('R$ 1.234,5' → 1234.5), or null. */
function readNumber(format: NumberFormat, value: string): number | null {
  let text = value.trim();
  if (format.prefix && text.startsWith(format.prefix.trim()))
    text = text.slice(format.prefix.trim().length).trim();
  const digits = format.thousands ? text.split(format.thousands).join('') : text;
  const [whole, fraction, ...rest] = digits.split(format.radix);
  if (rest.length || !/^\d+$/.test(whole ?? '')) return null;
  if (fraction !== undefined && !new RegExp(`^\\d{0,${format.scale}}$`).test(fraction)) return null;
  if (fraction !== undefined && format.scale === 0) return null;
  return Number(`${whole}.${fraction || '0'}`);
}

/** True when a value fills its mask (every required slot); '' counts as complete. */
export function isMaskComplete(mask: FormMask, value: string, custom?: string): boolean {
  if (value === '') return true;
  const m = masked(mask, value, custom);
  if (!m) return true;
  const format = numberFormatOfMask(mask, custom);
  if (format) {
    const number = readNumber(format, value);
    return number !== null && number === Number(m.unmaskedValue || NaN);
  }
  return m.isComplete && m.value === value;
}

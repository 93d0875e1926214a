import { brazilianAreaCodes } from './phones';
import { isCnpj, isCpf } from './documents';

/**
 * Personal data found in free text and replaced by stable placeholders before the text leaves
 * Ponte (an AI model's prompt), then put back in what comes back (docs/adr/0095). Kinds: CPF,
 * CNPJ (numeric and alphanumeric), e-mail, phone (with a DDD ANATEL assigns), CEP and card
 * numbers (Luhn).
 */
export const personalDataKinds = ['CPF', 'CNPJ', 'EMAIL', 'TELEFONE', 'CEP', 'CARTAO'] as const;
export type PersonalDataKind = (typeof personalDataKinds)[number];

/** Not a letter, digit or one of the joiners of a token before or after a match. */
const edgeBefore = String.raw`(?<![\p{L}\p{N}@._%+-])`;
const edgeAfter = String.raw`(?![\p{L}\p{N}@]|[.-]\p{N})`;

interface Detector {
  kind: PersonalDataKind;
  pattern: RegExp;
  /** Whether the matched text is one (check digits, area code…). */
  accepts(text: string): boolean;
  /** The same value typed another way gives the same key (same placeholder). */
  key(text: string): string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Luhn's check, over 13 to 19 digits, not all equal. */
function isCardNumber(text: string): boolean {
  const digits = digitsOf(text);
  if (digits.length < 13 || digits.length > 19 || /^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let value = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) value = value * 2 > 9 ? value * 2 - 9 : value * 2;
    sum += value;
  }
  return sum % 10 === 0;
}

/** A phone with a DDD in use: 8 digits starting 2 to 5, or 9 starting 9. */
function isPhone(text: string): boolean {
  let digits = digitsOf(text);
  if (digits.length >= 12 && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length !== 10 && digits.length !== 11) return false;
  if (!brazilianAreaCodes.includes(Number(digits.slice(0, 2)))) return false;
  const local = digits.slice(2);
  return local.length === 9 ? local.startsWith('9') : /^[2-5]/.test(local);
}

const anyDigit = /\d/;

const regex = (body: string) => new RegExp(`${edgeBefore}(?:${body})${edgeAfter}`, 'gu');

/**
 * In the order they are tried: a span taken by one is not looked at by the next (a card's
 * digits are not a CPF; an 11-digit CPF is not a phone).
 */
const detectors: readonly Detector[] = [
  {
    kind: 'EMAIL',
    pattern: regex(String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}`),
    accepts: () => true,
    key: (text) => text.toLowerCase(),
  },
  {
    kind: 'CARTAO',
    pattern: regex(String.raw`\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,7}|\d{13,19}`),
    accepts: isCardNumber,
    key: digitsOf,
  },
  {
    kind: 'CNPJ',
    pattern: regex(
      String.raw`[0-9A-Za-z]{2}\.?[0-9A-Za-z]{3}\.?[0-9A-Za-z]{3}\/?[0-9A-Za-z]{4}-?\d{2}`,
    ),
    accepts: isCnpj,
    key: (text) => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
  },
  {
    kind: 'CPF',
    pattern: regex(String.raw`\d{3}\.?\d{3}\.?\d{3}-?\d{2}`),
    accepts: isCpf,
    key: digitsOf,
  },
  {
    kind: 'TELEFONE',
    pattern: regex(String.raw`(?:\+?55[ -]?)?(?:\(\d{2}\)|\d{2})[ -]?(?:9[ -]?)?\d{4}[ -]?\d{4}`),
    accepts: isPhone,
    key: (text) => {
      const digits = digitsOf(text);
      return digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
    },
  },
  {
    // Written as a CEP ('01310-100', '01.310-100'), or 8 digits right after the word CEP.
    kind: 'CEP',
    pattern: regex(String.raw`\d{2}\.?\d{3}-\d{3}|(?<=\bCEP:?\s?)\d{8}`),
    accepts: () => true,
    key: digitsOf,
  },
];

/** One value found in a text: where, of which kind, and its key (the same value typed another way gives the same key). */
export interface PersonalDataSpan {
  kind: PersonalDataKind;
  start: number;
  end: number;
  text: string;
  key: string;
}

/** Every value of `kinds` in the text, in the order they appear; spans never overlap. */
export function findPersonalData(
  text: string,
  kinds: readonly PersonalDataKind[] = personalDataKinds,
): PersonalDataSpan[] {
  // The spans taken so far, in order: a detector's matches come in order too, so one pass
  // over both tells which are free (linear in the text, however many values it holds).
  let spans: PersonalDataSpan[] = [];
  // An e-mail has an '@', every other kind digits: most texts of a message have neither.
  const hasAt = text.includes('@');
  const hasDigit = anyDigit.test(text);
  if (!hasAt && !hasDigit) return spans;
  for (const detector of detectors) {
    if (!kinds.includes(detector.kind)) continue;
    if (!(detector.kind === 'EMAIL' ? hasAt : hasDigit)) continue;
    const found: PersonalDataSpan[] = [];
    let next = 0;
    // The detector's own expression, from the start (`matchAll` would copy it on every call).
    const { pattern } = detector;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      while (next < spans.length && spans[next]!.end <= start) next += 1;
      const taken = next < spans.length && spans[next]!.start < end;
      if (taken || !detector.accepts(match[0])) continue;
      found.push({ kind: detector.kind, start, end, text: match[0], key: detector.key(match[0]) });
    }
    if (found.length) spans = mergeSpans(spans, found);
  }
  return spans;
}

/** Two lists of spans in order, none overlapping another, as one list in order. */
function mergeSpans(a: PersonalDataSpan[], b: PersonalDataSpan[]): PersonalDataSpan[] {
  const merged: PersonalDataSpan[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(a[i]!.start < b[j]!.start ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

/** The text with each value of `kinds` replaced by what `replace` gives for it. */
export function replacePersonalData(
  text: string,
  kinds: readonly PersonalDataKind[],
  replace: (found: PersonalDataSpan) => string,
): string {
  const spans = findPersonalData(text, kinds);
  if (!spans.length) return text;
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + replace(span);
    at = span.end;
  }
  return out + text.slice(at);
}

const placeholderPattern = new RegExp(`\\[(${personalDataKinds.join('|')})_(\\d+)\\]`, 'g');

/** What one masking kept: each kind's values, in the order met; never leaves the process. */
export interface PersonalDataMasker {
  /** The text with each value of `kinds` replaced by its placeholder (`[CPF_1]`). */
  mask(text: string): string;
  /** Every string (and number holding a value) inside `value`, masked; the rest as it was. */
  maskValue(value: unknown): unknown;
  /** The placeholders of this masker put back to the values (others left as written). */
  unmask(text: string): string;
  /** `unmask` through every string inside `value`; a string that is one placeholder gives the value back as it was (a number stays a number). */
  unmaskValue(value: unknown): unknown;
  /** How many different values of each kind were masked (for the execution's data). */
  counts(): Partial<Record<PersonalDataKind, number>>;
  /**
   * What it kept, as JSON, so a masker made from it goes on with the same placeholders (an
   * agent resumed after an approval, docs/adr/0100). It holds the personal data itself.
   */
  state(): PersonalDataMaskerState;
}

export interface PersonalDataMaskerState {
  keys: [string, number][];
  values: [string, unknown][];
  seen: Partial<Record<PersonalDataKind, number>>;
}

/** A masker for one call: the same value gets the same placeholder in all it masks. */
export function createPersonalDataMasker(
  kinds: readonly PersonalDataKind[] = personalDataKinds,
  from?: PersonalDataMaskerState,
): PersonalDataMasker {
  /** By kind: the key of each value to its number, and each number to the value as first met. */
  const byKey = new Map<string, number>(from?.keys);
  const values = new Map<string, unknown>(from?.values);
  const seen: Partial<Record<PersonalDataKind, number>> = { ...from?.seen };

  const placeholderOf = (kind: PersonalDataKind, key: string, original: unknown) => {
    const id = `${kind}:${key}`;
    let number = byKey.get(id);
    if (number === undefined) {
      number = (seen[kind] ?? 0) + 1;
      seen[kind] = number;
      byKey.set(id, number);
      values.set(`${kind}_${number}`, original);
    }
    return `[${kind}_${number}]`;
  };

  /** `whole`: what the value was when the text is all one match (a number kept as a number). */
  const mask = (text: string, whole: unknown = undefined): string =>
    replacePersonalData(text, kinds, (found) =>
      placeholderOf(
        found.kind,
        found.key,
        whole !== undefined && found.text === text ? whole : found.text,
      ),
    );

  function maskValue(value: unknown): unknown {
    if (typeof value === 'string') return mask(value);
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      const masked = mask(String(value), value);
      return masked === String(value) ? value : masked;
    }
    if (Array.isArray(value)) return value.map(maskValue);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v)]));
    }
    return value;
  }

  const unmask = (text: string) =>
    text.replace(placeholderPattern, (whole, kind: string, number: string) => {
      const original = values.get(`${kind}_${number}`);
      return original === undefined ? whole : String(original);
    });

  function unmaskValue(value: unknown): unknown {
    if (typeof value === 'string') {
      const whole = /^\[([A-Z]+)_(\d+)\]$/.exec(value);
      const original = whole && values.get(`${whole[1]}_${whole[2]}`);
      return original !== undefined && original !== null ? original : unmask(value);
    }
    if (Array.isArray(value)) return value.map(unmaskValue);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unmaskValue(v)]));
    }
    return value;
  }

  return {
    mask: (text: string) => mask(text),
    maskValue,
    unmask,
    unmaskValue,
    counts: () => ({ ...seen }),
    state: () => ({ keys: [...byKey], values: [...values], seen: { ...seen } }),
  };
}

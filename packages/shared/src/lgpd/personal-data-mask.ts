import {
  findPersonalData,
  personalDataKinds,
  replacePersonalData,
  type PersonalDataKind,
} from '../brazil/personal-data';

/**
 * Personal data stored masked (docs/lgpd.md): the value keeps its shape and the part that does
 * not identify the person, so a log still reads ('CPF ***.456.789-**'), and the same value is
 * always masked the same way, so a titular's search finds its masked traces too.
 *
 * - CPF: the first three digits and the check digits hidden: `***.456.789-**`;
 * - CNPJ: the first two characters and the check digits: `**.345.678/0001-**`;
 * - e-mail: the name but its first letter: `j***@example.com`;
 * - phone: every digit but the country code, the DDD and the last four: `+55 11 *****-4321`;
 * - CEP: the last three digits: `01310-***`;
 * - card: every digit but the last four: `**** **** **** 1234`.
 */

/** Which of the value's letters and digits (by position among them) stay visible. */
function visibleAt(kind: PersonalDataKind, index: number, count: number): boolean {
  switch (kind) {
    case 'CPF':
      return index >= 3 && index < 9;
    case 'CNPJ':
      return index >= 2 && index < 12;
    case 'CEP':
      return index < 5;
    case 'CARTAO':
      return index >= count - 4;
    case 'TELEFONE': {
      // With the country code (12 or 13 digits) its two digits and the DDD stay.
      const kept = count >= 12 ? 4 : 2;
      return index < kept || index >= count - 4;
    }
    case 'EMAIL':
      return true;
  }
}

function maskEmail(text: string): string {
  const at = text.lastIndexOf('@');
  return `${text.slice(0, 1)}***${text.slice(at)}`;
}

/** One value of a kind, masked (the shape kept: punctuation and spaces stay where they were). */
export function maskedForm(kind: PersonalDataKind, text: string): string {
  if (kind === 'EMAIL') return maskEmail(text);
  const significant = kind === 'CNPJ' ? /[0-9A-Za-z]/ : /\d/;
  const count = [...text].filter((c) => significant.test(c)).length;
  let index = 0;
  let out = '';
  for (const c of text) {
    if (!significant.test(c)) {
      out += c;
      continue;
    }
    out += visibleAt(kind, index, count) ? c : '*';
    index += 1;
  }
  return out;
}

/** The text with every CPF, CNPJ, e-mail, phone, CEP and card number in it masked. */
export function maskPersonalText(text: string): string {
  return replacePersonalData(text, personalDataKinds, (found) =>
    maskedForm(found.kind, found.text),
  );
}

/** The text a field a person named is stored as, whatever it held. */
export const maskedFieldText = '***';

/** A named field's path, split: `payload.cliente.nome` → ['payload', 'cliente', 'nome']. */
const splitPath = (path: string) => path.split('.');

function pathNames(paths: readonly string[], at: readonly string[]): boolean {
  for (const path of paths) {
    const parts = splitPath(path);
    if (parts.length === 1) {
      if (at.length && (parts[0] === '*' || at[at.length - 1] === parts[0])) return true;
      continue;
    }
    if (parts.length === at.length && parts.every((p, i) => p === '*' || p === at[i])) return true;
  }
  return false;
}

/**
 * A copy of `value` as it is stored masked: the fields `paths` name become `***`, every string
 * is masked (`maskPersonalText`), and a whole number that is a CPF, CNPJ, phone or card number
 * becomes its masked text. Anything else is kept as it was.
 */
export function maskPersonalValue(value: unknown, paths: readonly string[] = []): unknown {
  const walk = (node: unknown, at: string[]): unknown => {
    if (at.length && paths.length && pathNames(paths, at)) return maskedFieldText;
    if (typeof node === 'string') return maskPersonalText(node);
    if (typeof node === 'number' && Number.isSafeInteger(node)) {
      const text = String(node);
      const masked = maskPersonalText(text);
      return masked === text ? node : masked;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...at, String(i)]));
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, item]) => [key, walk(item, [...at, key])]),
      );
    }
    return node;
  };
  return walk(value, []);
}

/** The kinds a titular is searched by. */
export const titularKinds = ['CPF', 'CNPJ', 'EMAIL', 'TELEFONE'] as const;
export type TitularKind = (typeof titularKinds)[number];

export const titularKindNames: Record<TitularKind, string> = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  EMAIL: 'E-mail',
  TELEFONE: 'Telefone',
};

/**
 * What a titular's search looks for: the value as typed the ways it is commonly written
 * (`exact`; an e-mail in lower case, to be compared ignoring case), and how each is stored
 * masked (`masked`), which may also be another person's (same middle digits): a masked hit is
 * a trace, not a proof.
 */
export interface TitularNeedles {
  kind: TitularKind;
  /** The value written one canonical way (formatted), for reports. */
  value: string;
  /** The detector's key (`findPersonalData`): the same value written any way has this one. */
  key: string;
  exact: string[];
  masked: string[];
}

function phoneWritings(national: string): string[] {
  const ddd = national.slice(0, 2);
  const local = national.slice(2);
  const head = local.slice(0, local.length - 4);
  const tail = local.slice(-4);
  return [
    `+55 ${ddd} ${head}-${tail}`,
    `+55 (${ddd}) ${head}-${tail}`,
    `+55${national}`,
    `55${national}`,
    national,
    `(${ddd}) ${head}-${tail}`,
    `(${ddd})${head}-${tail}`,
    `${ddd} ${head}-${tail}`,
    `${ddd}${head}-${tail}`,
    `(${ddd}) ${head}${tail}`,
  ];
}

function writings(kind: TitularKind, key: string): string[] {
  switch (kind) {
    case 'CPF':
      return [`${key.slice(0, 3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${key.slice(9)}`, key];
    case 'CNPJ':
      return [
        `${key.slice(0, 2)}.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-${key.slice(12)}`,
        key,
      ];
    case 'EMAIL':
      return [key];
    case 'TELEFONE':
      return phoneWritings(key);
  }
}

/**
 * The needles of a titular's search from what a person typed: one CPF, CNPJ, e-mail or phone,
 * alone; null when it is none of them (or holds more than one).
 */
export function titularNeedles(input: string): TitularNeedles | null {
  const text = input.trim();
  const found = findPersonalData(text, titularKinds);
  const [only] = found;
  if (found.length !== 1 || !only || only.start !== 0 || only.end !== text.length) return null;
  const kind = only.kind as TitularKind;
  const exact = writings(kind, only.key);
  const masked = [...new Set(exact.map((written) => maskedForm(kind, written)))];
  return { kind, value: exact[0] ?? only.key, key: only.key, exact, masked };
}

/** Where the phone detector allows a separator: nothing, a space or a hyphen. */
const phoneSeparators = ['', ' ', '-'] as const;

/**
 * Every writing of a phone (its key: DDD and number) the detector takes for it, as a regular
 * expression source JavaScript and PostgreSQL both read, without boundaries: `+55`, `55` or
 * nothing before, the DDD with or without parentheses, and a space or a hyphen (or nothing)
 * after the DDD, after a mobile's leading 9 and before the last four digits. `masked`: the
 * same writings as stored masked (`maskedForm`: the DDD, the country code and the last four
 * kept).
 */
export function phoneWritingsPattern(key: string, masked: boolean): string {
  const ddd = key.slice(0, 2);
  const local = key.slice(2);
  const separator = '[ -]?';
  const middle = local.slice(0, -4);
  const visible = (digits: string) => (masked ? `\\*{${digits.length}}` : digits);
  const head =
    middle.length === 5
      ? `${visible(middle.slice(0, 1))}${separator}${visible(middle.slice(1))}`
      : visible(middle);
  return `(?:\\+?55${separator})?(?:\\(${ddd}\\)|${ddd})${separator}${head}${separator}${local.slice(-4)}`;
}

/**
 * The part every writing of a phone holds, exact and masked (from a mobile's 9, or the
 * number's first four digits, to its end, with each separator the detector allows): what a
 * LIKE filter looks for; the decision is the matcher's.
 */
export function phoneCores(key: string): { exact: string[]; masked: string[] } {
  const local = key.slice(2);
  const middle = local.slice(0, -4);
  const tail = local.slice(-4);
  const cores = (head: string, rest: string) =>
    phoneSeparators.flatMap((first) =>
      middle.length === 5
        ? phoneSeparators.map((second) => `${head}${first}${rest}${second}${tail}`)
        : [`${head}${rest}${first}${tail}`],
    );
  return middle.length === 5
    ? { exact: cores(middle.slice(0, 1), middle.slice(1)), masked: cores('*', '****') }
    : { exact: cores('', middle), masked: cores('', '****') };
}

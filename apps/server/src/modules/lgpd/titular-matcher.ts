import { findPersonalData } from '@ponte/shared/brazil/personal-data';
import {
  phoneCores,
  phoneWritingsPattern,
  type TitularNeedles,
} from '@ponte/shared/lgpd/personal-data-mask';

/** What erased personal data becomes in an anonymised text or JSON value. */
export const removedText = '[removido]';

/** Occurrences of a titular's value in a text: as written (`exact`) and masked. */
export interface TitularCount {
  exact: number;
  masked: number;
}

/**
 * How a titular's needles are looked for (docs/adr/0124): `pattern` finds the texts that may
 * hold one (a PostgreSQL regular expression, no boundaries, case ignored: a cheap filter the
 * database runs), and `count` / `scrub` decide on each of them, with boundaries: a CPF inside a
 * longer number, or 'ana@x.com' inside 'joana@x.com', is not the titular's.
 */
export interface TitularMatcher {
  /** The needles, exact and masked, lower case: what a LIKE filter may look for. */
  readonly needles: readonly string[];
  /** An alternation of every needle for `~*`. */
  readonly pattern: string;
  count(text: string): TitularCount;
  /** The text with every occurrence, exact or masked, replaced by `removedText`. */
  scrub(text: string): string;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Longer first: at one position the longest writing wins (`+5511…` before `5511…`). */
const alternation = (needles: readonly string[]) =>
  [...new Set(needles)]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join('|');

/**
 * What may not touch a needle on either side: a document or a phone is not part of a longer
 * run of letters, digits or mask stars; an e-mail is not part of a longer address.
 */
function bounded(kind: TitularNeedles['kind'], needles: readonly string[]): RegExp {
  const body = alternation(needles);
  const source =
    kind === 'EMAIL'
      ? `(?<![A-Za-z0-9._%+*-])(?:${body})(?![A-Za-z0-9_%+*-]|\\.[A-Za-z0-9])`
      : `(?<![0-9A-Za-z*])(?:${body})(?![0-9A-Za-z*])`;
  return new RegExp(source, 'gi');
}

const occurrences = (pattern: RegExp, text: string) => {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text)) count += 1;
  return count;
};

/** Where a regular expression matches in a text: [start, end) pairs. */
const spansOf = (pattern: RegExp, text: string) =>
  [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length] as const);

type Span = readonly [number, number];

/** Spans in order, overlapping ones made one. */
function merged(spans: Span[]): Span[] {
  const out: [number, number][] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const last = out[out.length - 1];
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * A phone's matcher: every writing the detector (`findPersonalData`) takes for the same phone
 * (same key) is an exact hit, and so is each usual writing at the edges the other kinds use;
 * every masked form of those writings is a masked one. The database's filters look for the
 * same writings with any separator the detector allows.
 */
function phoneMatcher(needles: TitularNeedles): TitularMatcher {
  const usual = bounded('TELEFONE', needles.exact);
  const masked = new RegExp(
    `(?<![0-9A-Za-z*])(?:${phoneWritingsPattern(needles.key, true)})(?![0-9A-Za-z*])`,
    'g',
  );
  const spans = (text: string) => {
    const exact = merged([
      ...findPersonalData(text, ['TELEFONE'])
        .filter((span) => span.key === needles.key)
        .map((span) => [span.start, span.end] as const),
      ...spansOf(usual, text),
    ]);
    const traces = spansOf(masked, text).filter(
      ([start, end]) => !exact.some(([from, to]) => start < to && from < end),
    );
    return { exact, traces };
  };
  const cores = phoneCores(needles.key);
  return {
    needles: [...cores.exact, ...cores.masked],
    pattern: `${phoneWritingsPattern(needles.key, false)}|${phoneWritingsPattern(needles.key, true)}`,
    count(text) {
      const { exact, traces } = spans(text);
      return { exact: exact.length, masked: traces.length };
    },
    scrub(text) {
      const { exact, traces } = spans(text);
      let out = text;
      for (const [start, end] of merged([...exact, ...traces]).reverse()) {
        out = `${out.slice(0, start)}${removedText}${out.slice(end)}`;
      }
      return out;
    },
  };
}

export function titularMatcher(needles: TitularNeedles): TitularMatcher {
  if (needles.kind === 'TELEFONE') return phoneMatcher(needles);
  const all = [...needles.exact, ...needles.masked].map((needle) => needle.toLowerCase());
  const exact = bounded(needles.kind, needles.exact);
  const masked = bounded(needles.kind, needles.masked);
  return {
    needles: [...new Set(all)],
    pattern: alternation(all),
    count: (text) => ({ exact: occurrences(exact, text), masked: occurrences(masked, text) }),
    scrub: (text) => text.replace(exact, removedText).replace(masked, removedText),
  };
}

const add = (total: TitularCount, more: TitularCount) => {
  total.exact += more.exact;
  total.masked += more.masked;
};

/** Occurrences in a JSON value: in its strings, its keys and its whole numbers. */
export function countInValue(matcher: TitularMatcher, value: unknown): TitularCount {
  const total = { exact: 0, masked: 0 };
  const walk = (node: unknown) => {
    if (typeof node === 'string') add(total, matcher.count(node));
    else if (typeof node === 'number' && Number.isSafeInteger(node))
      add(total, matcher.count(String(node)));
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        add(total, matcher.count(key));
        walk(item);
      }
    }
  };
  walk(value);
  return total;
}

/**
 * A copy of a JSON value anonymised: each occurrence in a string or key becomes `removedText`;
 * a number holding the value becomes the string (still valid JSON, another type).
 */
export function scrubValue(matcher: TitularMatcher, value: unknown): unknown {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return matcher.scrub(node);
    if (typeof node === 'number' && Number.isSafeInteger(node)) {
      const text = String(node);
      const scrubbed = matcher.scrub(text);
      return scrubbed === text ? node : scrubbed;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, item]) => [matcher.scrub(key), walk(item)]),
      );
    }
    return node;
  };
  return walk(value);
}

export const hits = (count: TitularCount) => count.exact + count.masked > 0;

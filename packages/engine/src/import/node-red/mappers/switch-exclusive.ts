/**
 * Whether at most one rule of a switch can hold for any value, so that Node-RED's "check all
 * rules" and Ponte's first match send to the same output. Known for two common shapes: rules
 * equal to distinct constants (routing on a topic), and numeric comparisons with constants
 * whose ranges do not overlap (below zero, zero, above zero). Otherwise: not known.
 */
interface Rule {
  t: string;
  v?: unknown;
  vt?: unknown;
  v2?: unknown;
  v2t?: unknown;
}

interface Range {
  low: number;
  lowIn: boolean;
  high: number;
  highIn: boolean;
}

const constantTypes = new Set(['str', 'num', 'bool']);

function rangeOf(rule: Rule): Range | null {
  if (rule.vt !== 'num') return null;
  const v = Number(rule.v);
  if (!Number.isFinite(v)) return null;
  switch (rule.t) {
    case 'lt':
      return { low: -Infinity, lowIn: false, high: v, highIn: false };
    case 'lte':
      return { low: -Infinity, lowIn: false, high: v, highIn: true };
    case 'gt':
      return { low: v, lowIn: false, high: Infinity, highIn: false };
    case 'gte':
      return { low: v, lowIn: true, high: Infinity, highIn: false };
    case 'eq':
      return { low: v, lowIn: true, high: v, highIn: true };
    case 'btwn': {
      const w = Number(rule.v2);
      if (rule.v2t !== 'num' || !Number.isFinite(w)) return null;
      return { low: Math.min(v, w), lowIn: true, high: Math.max(v, w), highIn: true };
    }
    default:
      return null;
  }
}

/** True when the ranges share no number. */
function apart(a: Range, b: Range): boolean {
  const [first, second] = a.low <= b.low ? [a, b] : [b, a];
  if (first.high < second.low) return true;
  return first.high === second.low && !(first.highIn && second.lowIn);
}

export function exclusiveRules(rules: Rule[]): boolean {
  const real = rules.filter((rule) => rule.t !== 'else');
  if (real.length <= 1) return true;
  if (real.every((rule) => rule.t === 'eq' && constantTypes.has(String(rule.vt)))) {
    const keys = real.map((rule) => `${String(rule.vt === 'num' ? Number(rule.v) : rule.v)}`);
    if (new Set(keys).size === keys.length && new Set(real.map((r) => r.vt)).size === 1)
      return true;
  }
  const ranges = real.map(rangeOf);
  if (ranges.some((range) => !range)) return false;
  const known = ranges as Range[];
  return known.every((a, i) => known.every((b, j) => j <= i || apart(a, b)));
}

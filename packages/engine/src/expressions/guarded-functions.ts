import jsonata from 'jsonata';
import { breach, budgetOfCall } from './budget';
import { expressionLimits } from './limits';
import { withLinearRegExp } from './linear-regex';

/**
 * Built-in JSONata functions that build a text as wide as a number they are given, in one
 * native call the step guard cannot interrupt: `$pad("x", 400000000)` or
 * `$fromMillis(0, "[Y,400000000]")` take gigabytes and crash the process. Each compiled
 * expression gets these wrappers in place of the built-ins; they refuse a width over
 * `expressionLimits.width` before calling the original.
 *
 * `$toMillis(text, picture)` builds a `RegExp` from the picture inside JSONata and matches the
 * text with it: `[MNn]` eight times over 50 letters backtracked for 18 s. `$eval` parses a new
 * expression (regex literals, function signatures). Both run with `RegExp` standing for the
 * linear engine (`withLinearRegExp`).
 */
type Native = { implementation: (...args: unknown[]) => unknown };

type Name = 'pad' | 'fromMillis' | 'toMillis' | 'eval';
let natives: Record<Name, Native> | undefined;
const loading = (
  jsonata(
    '{"pad": $pad, "fromMillis": $fromMillis, "toMillis": $toMillis, "eval": $eval}',
  ).evaluate({}) as Promise<typeof natives>
).then((found) => {
  natives = found;
});

/** Resolves once the originals are known; every evaluation awaits it first. */
export function nativesReady(): Promise<void> {
  return loading;
}

function original(name: Name): Native {
  if (!natives) throw new Error('As funções do JSONata ainda não foram carregadas.');
  return natives[name];
}

/** The widest width modifier of a date picture: `[Y,4]`, `[M,2-2]`, `[f,*-9]`. */
function pictureWidth(picture: unknown): number {
  if (typeof picture !== 'string') return 0;
  let widest = 0;
  for (const component of picture.matchAll(/\[[^\]]*\]/g)) {
    const comma = component[0].lastIndexOf(',');
    if (comma < 0) continue;
    for (const digits of component[0].slice(comma).matchAll(/\d+/g)) {
      widest = Math.max(widest, Number(digits[0]));
    }
  }
  return widest;
}

function checkWidth(self: unknown, width: number): void {
  if (width > expressionLimits.width) throw breach(budgetOfCall(self), 'width');
}

function pad(this: unknown, text: unknown, width: unknown, char: unknown): unknown {
  checkWidth(this, Math.abs(Math.trunc(Number(width))));
  return original('pad').implementation.call(this, text, width, char);
}

function fromMillis(this: unknown, millis: unknown, picture: unknown, zone: unknown): unknown {
  checkWidth(this, pictureWidth(picture));
  return original('fromMillis').implementation.call(this, millis, picture, zone);
}

function now(this: unknown, picture: unknown, zone: unknown): unknown {
  checkWidth(this, pictureWidth(picture));
  // The compiled expression's own `$millis` (the evaluation's timestamp, so `$now()` stays the
  // same within it), looked up from the evaluation's root frame: a user's `$millis := …`
  // lives in a block frame below it.
  type Frame = { lookup(name: string): Native };
  const root = (this as { environment: { base: Frame } }).environment.base;
  const millis = root.lookup('millis').implementation.call(this);
  return original('fromMillis').implementation.call(this, millis, picture, zone);
}

function toMillis(this: unknown, text: unknown, picture: unknown): unknown {
  return withLinearRegExp(() => original('toMillis').implementation.call(this, text, picture));
}

/** `$eval` parses its text synchronously before its first `await`: the parse gets RE2 too. */
function evalText(this: unknown, text: unknown, focus: unknown): unknown {
  return withLinearRegExp(() => original('eval').implementation.call(this, text, focus));
}

/** Puts the guarded functions in a compiled expression (signatures as JSONata's own). */
export function guardFunctions(compiled: jsonata.Expression): void {
  compiled.registerFunction('pad', pad, '<s-ns?:s>');
  compiled.registerFunction('fromMillis', fromMillis, '<n-s?s?:s>');
  compiled.registerFunction('now', now, '<s?s?:s>');
  compiled.registerFunction('toMillis', toMillis, '<s-s?:n>');
  compiled.registerFunction('eval', evalText, '<sx?:x>');
}

import { RE2JS } from 're2js';
import { jsWhitespace } from './js-whitespace';
import { ExpressionError } from './limits';

/**
 * Regular expressions in expressions run on RE2 (the `re2js` port): matching takes time linear
 * in the input, so `/(a+)+$/` on a webhook's text cannot backtrack for hours (ADR 0018).
 * JSONata is given `LinearRegExp` as its `RegexEngine`: it builds one from each regex literal
 * (`$match`, `$replace`, `$split`, `$contains`, `~>`) and only uses `lastIndex` and `exec`.
 * JSONata also calls `new RegExp` itself while parsing (regex literals, function signatures) and
 * in `$toMillis` (from the picture): those synchronous calls run inside `withLinearRegExp`.
 * `\s` and `\S` mean what they mean in JavaScript (Unicode spaces, `js-whitespace.ts`).
 * RE2 has no backreferences and no lookaround; a pattern using them is refused when the
 * expression is compiled, with a pt-BR message.
 */
const compiled = new Map<string, RE2JS>();
const compiledMax = 1000;

function describe(pattern: string, error: unknown): string {
  const part = (error as { input?: unknown } | null)?.input;
  const where = typeof part === 'string' && part.length <= 40 ? ` (em "${part}")` : '';
  return (
    `A expressão regular /${pattern}/ usa um recurso não suportado${where}: ` +
    'referências a grupos anteriores (\\1) e verificações à frente ou atrás ((?=…), (?!…), ' +
    '(?<=…), (?<!…)) não são aceitas.'
  );
}

/** Compiles (once) a JavaScript pattern and its flags (`i`, `m`) for RE2. */
export function compileLinear(source: string, flags: string): RE2JS {
  const key = `${flags}/${source}`;
  let re = compiled.get(key);
  if (!re) {
    try {
      re = RE2JS.compile(
        RE2JS.translateRegExp(jsWhitespace(source)),
        (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) |
          (flags.includes('m') ? RE2JS.MULTILINE : 0) |
          (flags.includes('s') ? RE2JS.DOTALL : 0),
      );
    } catch (error) {
      throw new ExpressionError(describe(source, error));
    }
    if (compiled.size >= compiledMax) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, re);
  }
  return re;
}

/** The part of `RegExp` JSONata uses, matching in linear time. */
export class LinearRegExp {
  lastIndex = 0;
  readonly source: string;
  readonly flags: string;
  private readonly re: RE2JS;

  constructor(pattern: RegExp | string, flags?: string) {
    this.source = typeof pattern === 'string' ? pattern : pattern.source;
    this.flags = typeof pattern === 'string' ? (flags ?? '') : pattern.flags;
    this.re = compileLinear(this.source, this.flags);
  }

  /** Like `RegExp`'s `exec`: a global one searches from `lastIndex` and moves it on. */
  exec(input: string): RegExpExecArray | null {
    const text = String(input);
    const global = /[gy]/.test(this.flags);
    const from = global ? this.lastIndex : 0;
    const matcher = this.re.matcher(text);
    if (from > text.length || !matcher.find(from)) {
      this.lastIndex = 0;
      return null;
    }
    const groups: (string | undefined)[] = [];
    for (let group = 0; group <= matcher.groupCount(); group++) {
      groups.push(matcher.group(group) ?? undefined);
    }
    if (global) this.lastIndex = matcher.end();
    return Object.assign(groups, { index: matcher.start(), input: text }) as RegExpExecArray;
  }

  test(input: string): boolean {
    return this.exec(input) !== null;
  }
}

/**
 * Runs a synchronous JSONata call with `RegExp` standing for the linear engine, then puts the
 * built-in back. Nothing else runs during a synchronous call, and regex literals (`/…/`) in
 * any code keep the built-in: only `new RegExp(…)` inside `run` is affected.
 */
export function withLinearRegExp<T>(run: () => T): T {
  const builtIn = globalThis.RegExp;
  globalThis.RegExp = LinearRegExp as unknown as RegExpConstructor;
  try {
    return run();
  } finally {
    globalThis.RegExp = builtIn;
  }
}

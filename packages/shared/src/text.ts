import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';

/**
 * What no text the API takes may hold: the NUL character (PostgreSQL refuses it in `text` and
 * `jsonb`) and half of a character, a lone UTF-16 surrogate: a high one (`\ud800` to `\udbff`)
 * not followed by a low one, or a low one (`\udc00` to `\udfff`) not preceded by a high one.
 * A lone surrogate is no character at all: `text` would store it as U+FFFD and `jsonb` refuses
 * it. A pair (an emoji, '𝄞') is one character and passes.
 */
const forbiddenCharacter =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when the text holds NUL or a lone surrogate: every text the API takes is checked, so that
 * either answers 400 with one pt-BR message instead of failing the query or being stored mangled.
 */
export const hasForbiddenCharacter = (value: string): boolean => forbiddenCharacter.test(value);

/** `z.string()` that refuses NUL and lone surrogates: the base of every text field of the API. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasForbiddenCharacter(value), {
    error: messages.generic.forbiddenCharacter,
  });
}

/**
 * The path (`a.0.b`) of the first string or key holding NUL or a lone surrogate in a JSON-like
 * value, or null. Walks with its own stack: a deep value cannot overflow the call stack.
 */
export function findForbiddenCharacter(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenCharacter(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasForbiddenCharacter(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** True when a JSON text nests objects and arrays deeper than `max` (counted without parsing). */
export function jsonTooDeep(json: string, max: number = limits.jsonDepthMax): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < json.length; at++) {
    const char = json.charCodeAt(at);
    if (inString) {
      if (char === 0x5c) at++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** How deep a JSON-like value nests (a scalar is 0), walking at most `max + 1` levels. */
export function depthExceeds(value: unknown, max: number = limits.jsonDepthMax): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    if (depth + 1 > max) return true;
    seen.add(current);
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A zod refinement: no NUL nor lone surrogate anywhere in the value (strings and keys), for
 * JSON-like fields.
 */
export function refineNoForbiddenCharacter(value: unknown, context: z.RefinementCtx): void {
  const path = findForbiddenCharacter(value);
  if (path !== null) {
    context.addIssue({
      code: 'custom',
      message: messages.generic.forbiddenCharacter,
      path: path ? path.split('.') : [],
    });
  }
}

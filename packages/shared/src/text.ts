import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';

/**
 * PostgreSQL refuses the NUL character in `text` and `jsonb`: every text the API takes is
 * checked for it, so that a NUL answers 400 with a pt-BR message instead of failing the query.
 */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/** `z.string()` that refuses NUL: the base of every text field of the API's schemas. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !hasNul(value), { error: messages.generic.nulCharacter });
}

/**
 * The path (`a.0.b`) of the first string or key holding NUL in a JSON-like value, or null.
 * Walks with its own stack: a deep value cannot overflow the call stack.
 */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasNul(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasNul(key)) return childPath;
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

/** A zod refinement: no NUL anywhere in the value (strings and keys), for JSON-like fields. */
export function refineNoNul(value: unknown, context: z.RefinementCtx): void {
  const path = findNul(value);
  if (path !== null) {
    context.addIssue({
      code: 'custom',
      message: messages.generic.nulCharacter,
      path: path ? path.split('.') : [],
    });
  }
}

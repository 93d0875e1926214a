import { parseMatchPattern, type MatchLogType } from '@ponte/shared/alert-rules.schema';
import { messages } from '@ponte/shared/messages';
import { compileLinearRegex } from './linear-regex';

const m = messages.alertRules;

/** A rule's match configuration (spec 2 §3 Alert rule). */
export interface MatchConfig {
  match_log_type: MatchLogType;
  match_log_json_field: string;
  match_log_content: string;
}

/** A log line as matching reads it: the stored label and message text. */
export interface MatchableLine {
  label: string;
  message: string;
}

/**
 * A line's message parsed as JSON once, however many rules read it: `undefined` until asked,
 * `null` when the message is not a JSON object or array.
 */
export class ParsedMessage {
  private parsed: unknown = undefined;
  constructor(readonly text: string) {}

  value(): unknown {
    if (this.parsed !== undefined) return this.parsed;
    const start = this.text.trimStart()[0];
    this.parsed = null;
    if (start === '{' || start === '[') {
      try {
        this.parsed = JSON.parse(this.text) as unknown;
      } catch {
        this.parsed = null;
      }
    }
    return this.parsed;
  }
}

/** The value at a dotted path (`pedido.itens.0.status`), or undefined. */
export function valueAtPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A JSON value as text to compare: a string as is, anything else as its JSON. */
function valueText(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export interface CompiledMatcher {
  /** Whether the line matches; `parsed` is the line's shared JSON parse. */
  test(line: MatchableLine, parsed?: ParsedMessage): boolean;
}

/**
 * Compiles a rule's match configuration. Plain text matches when the field contains it,
 * ignoring case; `/source/flags` is a regular expression run by a linear-time engine (RE2), so
 * no pattern can stall the server. An invalid pattern answers its pt-BR error.
 */
export function compileMatcher(config: MatchConfig): CompiledMatcher | { error: string } {
  const pattern = parseMatchPattern(config.match_log_content);
  if ('error' in pattern) return pattern;
  let contains: (text: string) => boolean;
  if (pattern.kind === 'text') {
    const needle = pattern.text.toLowerCase();
    if (!needle) return { error: m.contentRequired };
    contains = (text) => text.toLowerCase().includes(needle);
  } else {
    const compiled = compileLinearRegex(pattern.source, pattern.flags);
    if ('error' in compiled) return { error: m.regexInvalid(compiled.error) };
    contains = (text) => compiled.test(text);
  }
  if (config.match_log_type === 'label') return { test: (line) => contains(line.label) };
  if (config.match_log_type === 'message') return { test: (line) => contains(line.message) };
  const path = config.match_log_json_field.trim();
  return {
    test(line, parsed) {
      const value = valueText(
        valueAtPath((parsed ?? new ParsedMessage(line.message)).value(), path),
      );
      return value !== null && contains(value);
    },
  };
}

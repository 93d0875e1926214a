import { parseMatchPattern, type MatchLogType } from '@ponte/shared/alert-rules.schema';
import { messages } from '@ponte/shared/messages';
import { foldForSearch } from '@ponte/shared/search-text';
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

type LineField = 'label' | 'message';

/**
 * What every rule reading one line shares, each made once when first asked: its message parsed
 * as JSON, its label and message folded (lower case without accents, plain text) and as UTF-8
 * bytes (RE2).
 */
export class LineCache extends ParsedMessage {
  private foldedText: Partial<Record<LineField, string>> = {};
  private bytes: Partial<Record<LineField, Buffer>> = {};
  constructor(readonly line: MatchableLine) {
    super(line.message);
  }

  folded(field: LineField): string {
    return (this.foldedText[field] ??= foldForSearch(this.line[field]));
  }

  utf8(field: LineField): Buffer {
    return (this.bytes[field] ??= Buffer.from(this.line[field], 'utf8'));
  }
}

/** The value at a dotted path (`pedido.itens.0.status`, or its names split), or undefined. */
export function valueAtPath(value: unknown, path: string | readonly string[]): unknown {
  let current = value;
  for (const key of typeof path === 'string' ? path.split('.') : path) {
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
  /**
   * Whether the line matches; `parsed` is what the rules reading this line share (a
   * `LineCache` of this same line, or only its `ParsedMessage`).
   */
  test(line: MatchableLine, parsed?: ParsedMessage): boolean;
}

/** How a pattern reads a text: as is, or a field of the line through the line's cache. */
interface Contains {
  text(text: string): boolean;
  field(line: MatchableLine, field: LineField, cache: ParsedMessage | undefined): boolean;
}

function containsOf(content: string): Contains | { error: string } {
  const pattern = parseMatchPattern(content);
  if ('error' in pattern) return pattern;
  if (pattern.kind === 'text') {
    const needle = foldForSearch(pattern.text);
    if (!needle) return { error: m.contentRequired };
    return {
      text: (text) => foldForSearch(text).includes(needle),
      field: (line, field, cache) =>
        (cache instanceof LineCache ? cache.folded(field) : foldForSearch(line[field])).includes(
          needle,
        ),
    };
  }
  const compiled = compileLinearRegex(pattern.source, pattern.flags);
  if ('error' in compiled) return { error: m.regexInvalid(compiled.error) };
  return {
    text: (text) => compiled.test(text),
    field: (line, field, cache) =>
      compiled.test(cache instanceof LineCache ? cache.utf8(field) : line[field]),
  };
}

/**
 * Compiles a rule's match configuration. Plain text matches when the field contains it,
 * case and accents aside, as the logs search (docs/adr/0079); `/source/flags` is a regular expression run by a linear-time engine (RE2), so
 * no pattern can stall the server. An invalid pattern answers its pt-BR error.
 */
export function compileMatcher(config: MatchConfig): CompiledMatcher | { error: string } {
  const contains = containsOf(config.match_log_content);
  if ('error' in contains) return contains;
  const type = config.match_log_type;
  if (type === 'label' || type === 'message')
    return { test: (line, cache) => contains.field(line, type, cache) };
  const path = config.match_log_json_field.trim().split('.');
  return {
    test(line, parsed) {
      const value = valueText(
        valueAtPath((parsed ?? new ParsedMessage(line.message)).value(), path),
      );
      return value !== null && contains.text(value);
    },
  };
}

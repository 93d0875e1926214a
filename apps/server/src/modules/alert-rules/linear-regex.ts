import RE2 from 're2';
import { jsWhitespace } from '@ponte/engine/expressions/js-whitespace';

/**
 * A compiled regular expression that can only test. Text given as UTF-8 bytes is tested
 * without the conversion RE2 makes of every string it is given (several times faster: a line
 * read by many rules is converted once, bench/RESULTS.md).
 */
export interface LinearRegex {
  test(text: string | Buffer): boolean;
}

/** The part of RE2's error after its code (`missing ): (a` → `(a`). */
function fragmentOf(message: string, code: string): string {
  return message.slice(code.length).replace(/^:\s*/, '').trim();
}

const quoted = (fragment: string) => (fragment ? ` (em "${fragment}")` : '');

/** RE2's error codes (re2/regexp.cc) and what each means to someone writing a rule. */
const reasons: [code: string, explain: (fragment: string) => string][] = [
  [
    'invalid perl operator',
    (fragment) => {
      if (/^\(\?<?[=!]/.test(fragment)) {
        const kind = fragment.startsWith('(?<') ? 'lookbehind' : 'lookahead';
        return `${kind} (${fragment}) não é aceito: o motor de expressões regulares roda em tempo linear e não olha adiante nem para trás.`;
      }
      if (fragment.startsWith('(?P=') || fragment === '(?P')
        return 'referência a um grupo anterior não é aceita: o motor de expressões regulares roda em tempo linear.';
      return `construção "${fragment}" não reconhecida.`;
    },
  ],
  [
    'invalid escape sequence',
    (fragment) =>
      /^\\([1-9]|k)/.test(fragment)
        ? `referência a um grupo anterior (${fragment}) não é aceita: o motor de expressões regulares roda em tempo linear.`
        : `sequência de escape inválida${quoted(fragment)}.`,
  ],
  ['missing )', (fragment) => `falta fechar um parêntese${quoted(fragment)}.`],
  ['unexpected )', (fragment) => `parêntese fechado sem ter sido aberto${quoted(fragment)}.`],
  ['missing ]', (fragment) => `falta fechar um colchete${quoted(fragment)}.`],
  ['trailing \\', () => 'a expressão termina com uma barra invertida (\\) sem nada depois.'],
  [
    'no argument for repetition operator',
    (fragment) => `repetição sem nada antes para repetir${quoted(fragment)}.`,
  ],
  ['bad repetition operator', (fragment) => `repetição inválida${quoted(fragment)}.`],
  [
    'invalid repetition size',
    (fragment) => `tamanho de repetição inválido (use até {1000})${quoted(fragment)}.`,
  ],
  [
    'invalid character class range',
    (fragment) => `intervalo ou classe de caracteres inválido${quoted(fragment)}.`,
  ],
  ['invalid character class', (fragment) => `classe de caracteres inválida${quoted(fragment)}.`],
  ['invalid named capture group', (fragment) => `nome de grupo inválido${quoted(fragment)}.`],
  ['invalid UTF-8', () => 'a expressão tem caracteres inválidos.'],
  ['pattern too large', () => 'a expressão é grande demais.'],
];

/**
 * RE2's error in pt-BR: the common ones explained, any other as a generic sentence that still
 * shows RE2's short reason.
 */
export function linearRegexErrorText(message: string): string {
  const found = reasons.find(([code]) => message.startsWith(code));
  if (found) return found[1](fragmentOf(message, found[0]));
  return `o motor de expressões regulares não aceitou a expressão (${message.trim()}).`;
}

/** RE2's reason for refusing a pattern, as it said it. */
function reasonOf(source: string, flags: string, error: unknown): string {
  try {
    // The person's own pattern, not the rewritten one, so that the fragment quoted is theirs.
    new RE2(source, flags);
  } catch (own) {
    return own instanceof Error ? own.message : String(own);
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Compiles a pattern with RE2, whose matching time grows linearly with the text: no pattern can
 * stall the server (no catastrophic backtracking). RE2 refuses what it cannot run in linear time
 * (lookarounds, backreferences); the error says why, in pt-BR. `\s` and `\S` mean what they
 * mean in JavaScript (the non-breaking space is a space), as in expressions (`js-whitespace.ts`).
 */
export function compileLinearRegex(source: string, flags: string): LinearRegex | { error: string } {
  const supported = flags.replace(/[^imsu]/g, '');
  try {
    const regex = new RE2(jsWhitespace(source), supported);
    return { test: (text) => regex.test(text) };
  } catch (error) {
    return { error: linearRegexErrorText(reasonOf(source, supported, error)) };
  }
}

import { jsonataFunctions } from './jsonata-functions';
import { keysAt, typeOf, valueAt } from './sample-fields';

export interface TemplateCompletion {
  label: string;
  kind: 'function' | 'field' | 'variable';
  /** Inserted as a Monaco snippet (`$0` is where the cursor goes). */
  snippet: string;
  /** The signature, or the field's type. */
  detail: string;
  /** pt-BR help. */
  documentation?: string;
}

export interface CompletionContext {
  sample: Record<string, unknown> | null;
  variableKeys: string[];
}

/** What to offer, and how many characters before the cursor the chosen item replaces. */
export interface CompletionResult {
  replaceLength: number;
  items: TemplateCompletion[];
}

const plainKey = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quote = (key: string) => (plainKey.test(key) ? key : `\`${key.replace(/`/g, '')}\``);
/** `$` and `}` mean something in a snippet. */
const literal = (text: string) => text.replace(/[$}\\]/g, (c) => `\\${c}`);

/** Whether the cursor is inside a `{{ … }}` (an opened one not yet closed before it). */
export function insideExpression(textBefore: string): boolean {
  return textBefore.lastIndexOf('{{') > textBefore.lastIndexOf('}}');
}

const functionCall = /\$([A-Za-z0-9_]*)$/;
const memberAccess =
  /\b(msg|vars)((?:\.(?:[A-Za-z_]\w*|`[^`]*`)(?:\[\d+\])*)*)\.(`[^`]*|[A-Za-z0-9_]*)$/;
const bareWord = /(?:^|[^\w.$`])([A-Za-z_]\w*)$/;

const roots: TemplateCompletion[] = [
  {
    label: 'msg',
    kind: 'field',
    snippet: 'msg',
    detail: 'objeto',
    documentation: 'A mensagem que chega ao conector.',
  },
  {
    label: 'vars',
    kind: 'variable',
    snippet: 'vars',
    detail: 'objeto',
    documentation: 'As variáveis do workspace e do flow.',
  },
  {
    label: 'flow',
    kind: 'field',
    snippet: 'flow',
    detail: 'objeto',
    documentation: 'Os dados do flow gravados nesta execução.',
  },
];

/**
 * The completion of a template at the cursor (`textBefore`: the text up to it): JSONata's
 * functions after `$`, the sample's fields after `msg.` (and deeper), the variable names after
 * `vars.`, and the roots for a bare word. Null outside `{{ }}` or when nothing fits.
 */
export function templateCompletions(
  textBefore: string,
  context: CompletionContext,
): CompletionResult | null {
  if (!insideExpression(textBefore)) return null;
  const call = functionCall.exec(textBefore);
  if (call) {
    const prefix = call[1]!.toLowerCase();
    return {
      replaceLength: call[0].length,
      items: jsonataFunctions
        .filter((fn) => fn.name.toLowerCase().startsWith(prefix))
        .map((fn) => ({
          label: `$${fn.name}`,
          kind: 'function',
          snippet: `\\$${fn.name}($0)`,
          detail: fn.signature,
          documentation: fn.description,
        })),
    };
  }
  const member = memberAccess.exec(textBefore);
  if (member) {
    const [, root, middle, typed] = member as unknown as [string, string, string, string];
    const prefix = typed.replace(/^`/, '').toLowerCase();
    const steps = middle.split(/\.(?=[A-Za-z_`])/).filter(Boolean);
    let items: TemplateCompletion[];
    if (root === 'vars') {
      items = steps.length
        ? []
        : context.variableKeys.map((key) => ({
            label: key,
            kind: 'variable',
            snippet: literal(quote(key)),
            detail: 'variável',
          }));
    } else {
      const sample = context.sample ?? {};
      items = keysAt(sample, steps).map((key) => ({
        label: key,
        kind: 'field',
        snippet: literal(quote(key)),
        detail: typeOf(valueAt(sample, [...steps, quote(key)])),
      }));
    }
    items = items.filter((item) => item.label.toLowerCase().startsWith(prefix));
    return items.length ? { replaceLength: typed.length, items } : null;
  }
  const word = bareWord.exec(textBefore);
  const prefix = word ? word[1]!.toLowerCase() : '';
  const items = roots.filter((root) => root.label.startsWith(prefix));
  return items.length ? { replaceLength: word ? word[1]!.length : 0, items } : null;
}

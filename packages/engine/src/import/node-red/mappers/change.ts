import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { text } from '../node-red-export';
import { makeNode, type MapContext, type MappedNode } from '../mapped-node';
import { dottedPath, parsePath, type PathSegment } from '../node-red-paths';
import { typedValue, type PonteValue } from '../typed-value';
import { placeholder } from './placeholder';
import { commentText } from '../js-comment';

interface ChangeRule {
  t: string;
  p: string;
  pt?: string;
  to?: unknown;
  tot?: string;
  from?: unknown;
  fromt?: string;
}

interface RuleStep {
  node: FlowNode;
  note?: string;
}

type Made = RuleStep | string;

/** The rules of a change node (old exports kept one rule in `action`/`property`). */
function rulesOf(node: Record<string, unknown>): ChangeRule[] {
  if (Array.isArray(node.rules)) return node.rules as ChangeRule[];
  const action = text(node.action);
  if (!action) return [];
  return [
    {
      t: action === 'replace' ? 'set' : action,
      p: text(node.property),
      pt: 'msg',
      to: node.to,
      tot: 'str',
      from: node.from,
      fromt: node.reg === true ? 're' : 'str',
    },
  ];
}

function targetOf(rule: ChangeRule): { target: 'msg' | 'flow'; path: string } | string {
  const kind = rule.pt ?? 'msg';
  const segments = parsePath(text(rule.p));
  const path = segments && dottedPath(segments);
  if (!path) return `O caminho "${text(rule.p)}" não pôde ser lido.`;
  if (kind === 'msg') return { target: 'msg', path };
  if (kind === 'flow') return { target: 'flow', path };
  if (kind === 'global') return { target: 'flow', path: `global.${path}` };
  return `Regras sobre ${kind} não têm equivalente no Ponte.`;
}

/** A set rule as a 'Definir valores' row. */
function setRow(
  rule: ChangeRule,
): { target: 'msg' | 'flow'; row: Record<string, unknown>; value: PonteValue } | string {
  const target = targetOf(rule);
  if (typeof target === 'string') return target;
  const value = typedValue(rule.tot, rule.to);
  if (!value) return `O valor do tipo ${text(rule.tot)} não tem equivalente no Ponte.`;
  return { target: target.target, row: { path: target.path, value: value.value }, value };
}

const segmentsOf = (rule: ChangeRule): PathSegment[] => parsePath(text(rule.p)) ?? [];

const codeHelpers = `const walk = (root, path, create) => {
  let at = root;
  for (const key of path.slice(0, -1)) {
    if (at[key] === null || typeof at[key] !== 'object') { if (!create) return undefined; at[key] = {}; }
    at = at[key];
  }
  return at;
};`;

/** delete, move and change (search and replace) on msg, as a small 'Código'. */
function codeRule(ctx: MapContext, rule: ChangeRule, index: number): Made {
  if ((rule.pt ?? 'msg') !== 'msg') return `A regra "${rule.t}" só foi traduzida sobre msg.`;
  const path = JSON.stringify(segmentsOf(rule));
  const lines = [
    `// Node-RED change: ${commentText(`${rule.t} msg.${text(rule.p)}`)}`,
    codeHelpers,
    `const path = ${path};`,
  ];
  if (rule.t === 'delete') {
    lines.push('const parent = walk(msg, path, false);', 'if (parent) delete parent[path.at(-1)];');
  } else if (rule.t === 'move') {
    if ((rule.tot ?? 'msg') !== 'msg') return 'Mover para fora de msg não foi traduzido.';
    const to = parsePath(text(rule.to));
    if (!to) return `O caminho "${text(rule.to)}" não pôde ser lido.`;
    lines.push(
      'const parent = walk(msg, path, false);',
      'if (parent && path.at(-1) in parent) {',
      '  const value = parent[path.at(-1)];',
      '  delete parent[path.at(-1)];',
      `  const to = ${JSON.stringify(to)};`,
      '  walk(msg, to, true)[to.at(-1)] = value;',
      '}',
    );
  } else if (rule.t === 'change') {
    const body = changeBody(rule);
    if (typeof body === 'string') return body;
    lines.push(...body);
  } else {
    return `A regra "${rule.t}" não existe no Ponte.`;
  }
  lines.push('return msg;', '');
  const label = `${text(ctx.node.name).trim() || 'change'} (${index + 1})`;
  return {
    node: makeNode(
      ctx,
      'core_code',
      { code: lines.join('\n') },
      { suffix: `r${index + 1}`, label, dx: index * 40 },
    ),
  };
}

/** Search and replace in a text (every match, as Node-RED), or the whole value when it equals. */
function changeBody(rule: ChangeRule): string[] | string {
  const fromType = rule.fromt ?? 'str';
  const to = typedValue(rule.tot, rule.to);
  if (!to || !['str', 'num', 'bool', 'json'].includes(rule.tot ?? 'str'))
    return `Trocar por um valor do tipo ${text(rule.tot)} não foi traduzido.`;
  const from = fromType === 're' ? null : typedValue(fromType, rule.from);
  if (fromType !== 're' && (!from || !['str', 'num', 'bool'].includes(fromType)))
    return `Procurar um valor do tipo ${fromType} não foi traduzido.`;
  const escape = "const escape = (s) => s.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&');";
  const pattern =
    fromType === 're'
      ? `new RegExp(${JSON.stringify(text(rule.from))}, 'g')`
      : `new RegExp(escape(String(${from!.expression})), 'g')`;
  const equals = fromType === 're' ? 'false' : `value === ${from!.expression}`;
  return [
    escape,
    'const parent = walk(msg, path, false);',
    `const to = ${JSON.stringify(to.value ?? null)};`,
    'if (parent) {',
    '  const value = parent[path.at(-1)];',
    "  if (typeof value === 'string') {",
    `    const replaced = value.replace(${pattern}, () => String(to));`,
    "    parent[path.at(-1)] = typeof to !== 'string' && replaced === String(to) ? to : replaced;",
    `  } else if (${equals}) parent[path.at(-1)] = to;`,
    '}',
  ];
}

function setNode(
  ctx: MapContext,
  target: 'msg' | 'flow',
  rows: Record<string, unknown>[],
  index?: number,
): FlowNode {
  if (index === undefined) return makeNode(ctx, 'core_set', { target, values: rows });
  const label = `${text(ctx.node.name).trim() || 'change'} (${index + 1})`;
  return makeNode(
    ctx,
    'core_set',
    { target, values: rows },
    { suffix: `r${index + 1}`, label, dx: index * 40 },
  );
}

/** Every rule set on one target with constant values: one 'Definir valores' does it exactly. */
function asOneSet(ctx: MapContext, rules: ChangeRule[]): RuleStep | null {
  if (!rules.length || rules.some((rule) => rule.t !== 'set')) return null;
  const rows = rules.map(setRow);
  if (rows.some((row) => typeof row === 'string')) return null;
  const made = rows as Exclude<(typeof rows)[number], string>[];
  if (new Set(made.map((row) => row.target)).size > 1) return null;
  // Each rule of Node-RED sees the ones before it; one set node resolves all on the input.
  const dynamic = made.some(
    (row) =>
      typeof row.value.value === 'string' &&
      String(row.value.value).startsWith('{{') &&
      row.value.expression !== '$millis()',
  );
  if (made.length > 1 && dynamic) return null;
  const note = made.map((row) => row.value.note).find(Boolean);
  return {
    node: setNode(
      ctx,
      made[0]!.target,
      made.map((row) => row.row),
    ),
    ...(note ? { note } : {}),
  };
}

/**
 * `change` → 'Definir valores' when its rules are sets on one target; else a chain, one node
 * per rule in order: sets as 'Definir valores', delete/move/change as a small 'Código'.
 */
export function mapChange(ctx: MapContext): MappedNode {
  const rules = rulesOf(ctx.node);
  const one = asOneSet(ctx, rules);
  const steps: RuleStep[] = [];
  if (one) steps.push(one);
  else {
    for (const [index, rule] of rules.entries()) {
      const made: Made =
        rule.t === 'set'
          ? (() => {
              const row = setRow(rule);
              return typeof row === 'string'
                ? row
                : {
                    node: setNode(ctx, row.target, [row.row], index),
                    ...(row.value.note ? { note: row.value.note } : {}),
                  };
            })()
          : codeRule(ctx, rule, index);
      if (typeof made === 'string') return placeholder(ctx, `Regra ${index + 1}: ${made}`);
      steps.push(made);
    }
  }
  if (!steps.length) return placeholder(ctx, 'O nó change não tem regras.');
  const notes = [...new Set(steps.flatMap((step) => (step.note ? [step.note] : [])))];
  const nodes = steps.map((step) => step.node);
  return {
    status: notes.length ? 'adapted' : 'translated',
    notes,
    nodes,
    input: nodes[0]!.uid,
    outputs: [{ uid: nodes.at(-1)!.uid, output: 'default' }],
    errorFrom: nodes.map((node) => node.uid),
    edges: nodes.slice(1).map((node, at) => ({
      source: nodes[at]!.uid,
      sourceOutput: 'default',
      target: node.uid,
    })),
  };
}

import { text } from '../node-red-export';
import { makeNode, type MapContext, type MappedNode } from '../mapped-node';
import { contextNote, envNote } from '../typed-value';
import { commentLines } from '../js-comment';
import { functionCode, outputKey } from './function-prelude';

/** Whether a code may end without a message: `return null`, a bare `return`, or `node.send`. */
function mayDrop(code: string): boolean {
  return (
    /node\.send\s*\(/.test(code) ||
    /return\s*(null|undefined)?\s*(;|\n|}|$)/.test(code) ||
    !/\breturn\b/.test(code)
  );
}

function notesOf(node: Record<string, unknown>, code: string, outputs: number): string[] {
  const notes: string[] = [];
  if (outputs > 1 || /node\.send\s*\(/.test(code))
    notes.push(
      'Uma mensagem por vez: quando o código envia várias (em saídas diferentes ou em lista), só a primeira segue.',
    );
  if (/\b(context|flow|global)\.(get|set|keys)\s*\(/.test(code)) notes.push(contextNote);
  if (/\benv\.get\s*\(/.test(code)) notes.push(envNote);
  if (/node\.status\s*\(/.test(code))
    notes.push('O status do nó (node.status) não aparece no Ponte.');
  if (/node\.error\s*\(/.test(code))
    notes.push(
      'node.error(erro, msg) interrompe o código e segue pela saída de erro; sem msg, só registra no log.',
    );
  if (/\bsetTimeout\s*\(|\bsetInterval\s*\(/.test(code))
    notes.push('Temporizadores que enviam depois que o código termina não enviam no Ponte.');
  if (text(node.initialize).trim())
    notes.push('O código de início (Setup) não roda no Ponte: está comentado no código.');
  if (text(node.finalize).trim())
    notes.push('O código de parada (Close) não roda no Ponte: está comentado no código.');
  const libs = Array.isArray(node.libs) ? (node.libs as { var?: string; module?: string }[]) : [];
  if (libs.length)
    notes.push(
      `Os módulos (${libs.map((lib) => lib.module).join(', ')}) não existem no ambiente de código do Ponte.`,
    );
  return notes;
}

const commented = (title: string, code: string) =>
  code.trim() ? [`// ${title}:`, ...commentLines(code)].join('\n') : '';

/**
 * `function` → 'Código' with a prelude giving the original code its Node-RED world; with more
 * than one output, or code that may send nothing, a 'Switch' after it takes the chosen output.
 */
export function mapFunction(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const code = text(node.func);
  const outputs = Math.max(0, Number(node.outputs ?? 1) || 0);
  const routed = outputs > 1 || (outputs === 1 && mayDrop(code));
  const libs = Array.isArray(node.libs) ? (node.libs as { var?: string }[]) : [];
  const missing = libs
    .filter((lib) => lib.var)
    .map((lib) => `const ${lib.var} = undefined; // módulo do Node-RED ausente no Ponte`);
  const extra = [commented('Setup', text(node.initialize)), commented('Close', text(node.finalize))]
    .filter(Boolean)
    .join('\n');
  const body = [functionCode({ id: node.id, name: text(node.name), code, outputs, routed })];
  const full = [...missing, ...body, ...(extra ? [extra, ''] : [])].join('\n');
  const ponte = makeNode(ctx, 'core_code', { code: full });
  const notes = notesOf(node, code, outputs);
  if (!routed) {
    return {
      status: notes.length ? 'adapted' : 'translated',
      notes,
      nodes: [ponte],
      input: ponte.uid,
      outputs: outputs ? [{ uid: ponte.uid, output: 'default' }] : [],
      errorFrom: [ponte.uid],
    };
  }
  const key = outputKey(node.id);
  const rules = Array.from({ length: outputs }, (_, at) => ({
    output: `saida_${at + 1}`,
    condition: `{{ flow.${key} = ${at + 1} }}`,
  }));
  const router = makeNode(
    ctx,
    'core_switch',
    { rules },
    { suffix: 'saidas', label: `${text(node.name).trim() || 'function'} (saídas)`, dx: 120 },
  );
  return {
    status: notes.length ? 'adapted' : 'translated',
    notes,
    nodes: [ponte, router],
    input: ponte.uid,
    outputs: rules.map((rule) => ({ uid: router.uid, output: rule.output })),
    errorFrom: [ponte.uid],
    edges: [{ source: ponte.uid, sourceOutput: 'default', target: router.uid }],
  };
}

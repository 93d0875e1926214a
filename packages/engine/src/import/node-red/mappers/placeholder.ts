import type { NrNode } from '../node-red-export';
import { makeNode, portCount, type MapContext, type MappedNode } from '../mapped-node';
import { commentLines, commentText } from '../js-comment';

/** The original's properties as JSON, without credentials, ids of its place nor wires. */
function originalProperties(node: NrNode): Record<string, unknown> {
  const { credentials: _credentials, wires: _wires, x: _x, y: _y, z: _z, ...rest } = node;
  return rest;
}

/**
 * A disabled 'Código' node named after the original, whose code is a comment with the reason
 * and the original's properties: nothing is dropped silently, and nothing of it runs.
 */
export function placeholder(ctx: MapContext, reason: string): MappedNode {
  const json = JSON.stringify(originalProperties(ctx.node), null, 2) ?? '{}';
  const code = [
    `// Não traduzido do Node-RED (${commentText(ctx.node.type)}): ${commentText(reason)}`,
    '// Propriedades originais:',
    ...commentLines(json),
    'return msg;',
    '',
  ].join('\n');
  const node = makeNode(ctx, 'core_code', { code }, { disabled: true });
  return {
    status: 'not_translated',
    notes: [reason],
    nodes: [node],
    input: node.uid,
    outputs: Array.from({ length: Math.max(portCount(ctx.node), 1) }, () => ({
      uid: node.uid,
      output: 'default',
    })),
    errorFrom: [],
  };
}

import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeDefinition } from '../kit/define-node';
import type { NodeRegistry } from '../kit/registry';
import type { ExecutionError } from './events';

export function labelOf(node: FlowNode, definition?: NodeDefinition): string {
  return node.label || definition?.manifest.label || node.uid;
}

/** A node runs exactly the version it records; a document older than versions means 1. */
export function definitionOf(registry: NodeRegistry, node: FlowNode): NodeDefinition | undefined {
  return registry.get(node.type, node.typeVersion ?? 1);
}

/** The output a node that passes its input on sends by (disabled, 'Continuar com a entrada'). */
export function firstOutputOf(definition: NodeDefinition | undefined): string | undefined {
  const outputs = Object.keys(definition?.manifest.outputs ?? {});
  return outputs.includes('default') ? 'default' : outputs[0];
}

/**
 * A flow holding a node whose area does not exist yet, or pinned to a version this
 * installation no longer has, does not run at all: refused before any port is called.
 */
export function refusal(
  nodes: Iterable<FlowNode>,
  registry: NodeRegistry,
): ExecutionError | undefined {
  for (const node of nodes) {
    const definition = definitionOf(registry, node);
    const { manifest } = definition ?? {};
    if (manifest?.custom && manifest.available === false) {
      // A custom connector disabled or removed: the reason names it (docs/adr/0041).
      return {
        message: manifest.unavailableReason ?? labelOf(node, definition),
        node_uid: node.uid,
      };
    }
    if (manifest?.available === false) {
      const reason = manifest.unavailableReason ?? '';
      return {
        message:
          `O conector "${labelOf(node, definition)}" (${node.type}) ainda não pode ser usado nesta instalação. ${reason}`.trim(),
        node_uid: node.uid,
      };
    }
    const newest = definition ? undefined : registry.get(node.type);
    if (newest) {
      return {
        message: `O conector "${labelOf(node, newest)}" usa a versão ${node.typeVersion ?? 1} de ${node.type}, que não existe mais nesta instalação.`,
        node_uid: node.uid,
      };
    }
  }
  return undefined;
}

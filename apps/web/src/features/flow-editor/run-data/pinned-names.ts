import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { pinnedNodes, type ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { messages } from '@ponte/shared/messages';

/**
 * What a save or an export says about pins: 'Dados fixados em: Webhook, Código — usados só nas
 * execuções do editor.', or null when no node holds pins.
 */
export function pinnedNotice(doc: FlowDocument, lookup: ManifestLookup): string | null {
  const names = pinnedNodes(doc).map(
    (node) => node.label || lookup(node.type, node.typeVersion)?.label || node.uid,
  );
  if (!names.length) return null;
  return `Dados fixados em: ${names.join(', ')} — usados só nas execuções do editor.`;
}

/** The save's success toast, naming the nodes that hold pins. */
export function savedMessage(doc: FlowDocument, lookup: ManifestLookup): string {
  const pins = pinnedNotice(doc, lookup);
  return pins ? `${messages.flows.saved}. ${pins}` : messages.flows.saved;
}

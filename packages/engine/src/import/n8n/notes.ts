import type { N8nNode } from './n8n-workflow';

/**
 * Sticky notes and nodes' own notes as the flow's notes ('Notas'): HTML the notes editor reads,
 * every original text escaped. Markdown is kept as text (escaped paragraphs), never rendered, so
 * no HTML of the original reaches the page.
 */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]!);

/** Paragraphs split by blank lines; lines kept with `<br>`. */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`);
}

const byPosition = (a: N8nNode, b: N8nNode) =>
  (a.position?.[1] ?? 0) - (b.position?.[1] ?? 0) ||
  (a.position?.[0] ?? 0) - (b.position?.[0] ?? 0);

/** The flow's description: each sticky note (top to bottom), then the nodes' notes. */
export function flowNotes(stickies: N8nNode[], nodes: N8nNode[]): string {
  const parts: string[] = [];
  for (const sticky of [...stickies].sort(byPosition)) {
    const content = String(sticky.parameters?.content ?? '');
    if (!content.trim()) continue;
    parts.push(`<p><strong>${escapeHtml(sticky.name)}</strong></p>`, ...paragraphs(content));
  }
  for (const node of nodes) {
    if (!node.notes?.trim()) continue;
    parts.push(
      `<p><strong>Nota do nó ${escapeHtml(node.name)}</strong></p>`,
      ...paragraphs(node.notes),
    );
  }
  return parts.join('');
}

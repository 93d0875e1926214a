import { text, type NrNode } from './node-red-export';

/** Text as HTML: every character that means something in HTML escaped. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Paragraphs of escaped text; single line breaks become <br>. */
function paragraphs(value: string): string {
  return value
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export interface FlowNotesInput {
  /** The tab's (or subflow's) `info`. */
  info: string;
  comments: NrNode[];
  groups: NrNode[];
  /** pt-BR lines the import adds (a trigger it added, how a subflow is called). */
  importNotes: string[];
}

/**
 * The flow's notes as the notes editor reads them: the tab's description, each comment node
 * (its name as a heading, its text below), the groups undone, what the import added. Every
 * original text is escaped: nothing of it is read as HTML.
 */
export function flowNotesHtml(input: FlowNotesInput): string {
  const parts: string[] = [];
  if (input.info.trim()) parts.push(paragraphs(input.info));
  for (const comment of input.comments) {
    const name = text(comment.name).trim();
    if (name) parts.push(`<h3>${escapeHtml(name)}</h3>`);
    parts.push(paragraphs(text(comment.info)));
  }
  const groups = input.groups.map((group) => text(group.name).trim() || group.id);
  if (groups.length) {
    parts.push(
      `<p>Grupos do Node-RED desfeitos (os nós ficaram no fluxo): ${groups.map(escapeHtml).join(', ')}.</p>`,
    );
  }
  for (const note of input.importNotes) parts.push(`<p>${escapeHtml(note)}</p>`);
  return parts.filter(Boolean).join('');
}

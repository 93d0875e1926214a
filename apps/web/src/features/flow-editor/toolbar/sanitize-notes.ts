import DOMPurify from 'dompurify';

/**
 * The flow's notes are HTML typed by people: scripts, event handlers and dangerous URLs are
 * removed before the editor loads them and before they are applied. `target` is kept because
 * the editor's links carry `rel="noopener noreferrer"` and open in a new tab.
 */
export function sanitizeNotes(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}

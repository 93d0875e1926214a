import sanitizeHtml from 'sanitize-html';

/**
 * What a form's `message` and `success_message` may hold on the public page (docs/adr/0038):
 * a few text tags and links (http, https, mailto) that open in a new tab without a referrer.
 * Everything else (scripts, styles, event attributes, images) is dropped.
 */
const messageOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': '\u00a0',
};

/** A message of the form as the HTML the public page may show. */
export function sanitiseFormHtml(html: string): string {
  return html ? sanitizeHtml(html, messageOptions) : '';
}

/**
 * A title or label as plain text: tags dropped (scripts and styles with their content), the
 * entities sanitize-html writes turned back into characters; the page renders it as text.
 */
export function plainText(value: string): string {
  if (!value) return '';
  const stripped = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? entity);
}

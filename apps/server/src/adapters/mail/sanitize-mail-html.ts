import sanitizeHtml from 'sanitize-html';

/** CSS properties kept in `style` attributes: layout and typography, nothing that loads. */
const safeValue = [/^[^()\\;]*$/];
const styleProperties = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'text-align',
  'text-decoration',
  'vertical-align',
  'width',
  'max-width',
  'height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-top',
  'border-bottom',
  'border-left',
  'border-right',
  'border-collapse',
  'border-radius',
  'display',
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'font',
    'center',
    'span',
    'del',
    'ins',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'title', 'dir', 'lang'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    font: ['color', 'face', 'size'],
    table: ['border', 'cellpadding', 'cellspacing'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedStyles: { '*': Object.fromEntries(styleProperties.map((name) => [name, safeValue])) },
  // Links: web, mail and phone; images only by https or inline parts (cid:).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'cid'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Scripts, styles sheets and the like go with their content, not as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
};

/**
 * The HTML of an e-mail as it leaves Ponte: ordinary formatting, tables, links and images (by
 * https or cid) kept; scripts, event handlers, forms, frames and `javascript:` URLs removed.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, options);
}

import type { codeLanguages } from '@ponte/shared/flow/node-manifest.schema';

export type CodeLanguage = (typeof codeLanguages)[number];

/** How the toolbar names each language. */
export const codeLanguageLabels: Record<CodeLanguage, string> = {
  json: 'JSON',
  xml: 'XML',
  javascript: 'JavaScript',
  html: 'HTML',
  css: 'CSS',
  plaintext: 'Texto simples',
  sql: 'SQL',
  python: 'Python',
};

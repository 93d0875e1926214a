import type { N8nNode } from './n8n-workflow';

/**
 * What cannot be translated becomes a disabled `core_code` named after the original, whose code
 * is a comment: the reason and the original parameters (credentials by id and name only, and
 * fields that look like secrets hidden), so nothing is dropped silently.
 */

const secretKey =
  /pass(word)?|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|authorization/i;

function redact(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k)]));
  if (typeof value === 'string' && value && secretKey.test(key)) return '(oculto)';
  return value;
}

/** The reason for a node type no mapper knows (pt-BR). */
export function unknownTypeReason(type: string): string {
  const short = type.replace(/^n8n-nodes-base\./, '');
  if (type.startsWith('@n8n/n8n-nodes-langchain.'))
    return `O nó de IA "${short}" do n8n não tem equivalente direto: use os conectores de IA do Ponte.`;
  return `O nó "${short}" do n8n não tem equivalente no Ponte.`;
}

/** The placeholder's code: comment lines only. */
export function placeholderCode(node: N8nNode, reason: string): string {
  const original = {
    type: node.type,
    typeVersion: node.typeVersion ?? 1,
    parameters: redact(node.parameters ?? {}),
    ...(node.credentials
      ? {
          credentials: Object.fromEntries(
            Object.entries(node.credentials).map(([type, credential]) => [
              type,
              { id: credential?.id ?? null, name: credential?.name ?? '' },
            ]),
          ),
        }
      : {}),
  };
  const lines = [
    `Não traduzido do n8n: "${node.name}".`,
    reason,
    'Parâmetros originais:',
    ...JSON.stringify(original, null, 2).split('\n'),
  ];
  return `${lines.map((line) => `// ${line}`.trimEnd()).join('\n')}\n`;
}

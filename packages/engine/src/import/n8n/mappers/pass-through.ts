import type { Mapped } from '../n8n-workflow';

/**
 * A node that sends the message on as it came: Ponte has no pass-through node, and a code node
 * that returns `msg` keeps the original's name, position and wiring (ADR 0135).
 */
export const passThrough = (what: string): Mapped => ({
  type: 'core_code',
  params: { code: `// ${what}: a mensagem segue como chegou.\nreturn msg;\n` },
  outputs: [['default']],
});

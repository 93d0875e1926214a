import { describe, expect, it } from 'vitest';
import { contextFor } from '../test-context';
import { placeholder } from './placeholder';
import { mapFunction } from './function';

/** The lines JavaScript reads, whatever terminator ends them. */
const jsLines = (code: string) => code.split(/\r\n|[\n\r\u2028\u2029]/);

describe('placeholder', () => {
  it('is a disabled code node whose code only comments the original, line breaks and all', () => {
    const mapped = placeholder(
      contextFor({
        type: 'exec',
        name: 'Comando',
        command: 'ls\u2028msg.payload = "injetado";\r\nreturn 1;',
        credentials: { user: 'x' },
      }),
      'Sem equivalente.',
    );
    const node = mapped.nodes[0]!;
    expect(node).toMatchObject({ type: 'core_code', label: 'Comando', disabled: true });
    const lines = jsLines(String(node.params.code)).filter((line) => line.trim());
    expect(lines.at(-1)).toBe('return msg;');
    for (const line of lines.slice(0, -1)) expect(line.startsWith('// ')).toBe(true);
    expect(String(node.params.code)).not.toContain('credentials');
    expect(mapped).toMatchObject({ status: 'not_translated', notes: ['Sem equivalente.'] });
  });

  it('keeps the name of a function in one comment line', () => {
    const mapped = mapFunction(
      contextFor({ type: 'function', name: 'a\u2028b = 1', func: 'return msg;', outputs: 1 }),
    );
    const first = jsLines(String(mapped.nodes[0]!.params.code))[0]!;
    expect(first).toBe('// Importado do Node-RED: função "a b = 1" (n1).');
  });
});

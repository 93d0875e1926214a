import { messages } from '@ponte/shared/messages';
import type { ParamSpecInput } from '../../kit/define-node';
import { openLlm, textOf } from './llm-call';

const m = messages.llm;

/**
 * What 'Classificar texto' and 'Extrair dados' share: a text read by the model, a table whose
 * rows are named (classes, fields), and optional instructions.
 */

export const stepTextParam = (description: string) =>
  ({
    text: {
      type: 'textarea',
      label: 'Texto',
      required: true,
      placeholder: '{{ msg.payload.mensagem }}',
      description,
    },
  }) satisfies Record<string, ParamSpecInput>;

export const stepInstructionsParam = (description: string) =>
  ({
    instructions: { type: 'textarea', label: 'Instruções adicionais', description },
  }) satisfies Record<string, ParamSpecInput>;

/** How a node says the problems of its table's names (pt-BR, rows counted from 1). */
export interface RowNaming {
  none: string;
  unnamed(row: number): string;
  expression(row: number): string;
  twice(name: string): string;
  /** A name the node keeps for itself (its own outputs). */
  reserved?: { names: readonly string[]; said(name: string): string };
}

/** The table's rows as saved: a problem for a name that cannot name an output or a key. */
export function rowNamesProblem(rows: unknown, said: RowNaming): string | null {
  if (!Array.isArray(rows) || rows.length === 0) return said.none;
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const name = textOf((row as Record<string, unknown> | null)?.name);
    if (!name) return said.unnamed(index + 1);
    // A name is saved as written: an expression would name something else at run time.
    if (name.includes('{{')) return said.expression(index + 1);
    if (said.reserved?.names.includes(name)) return said.reserved.said(name);
    if (seen.has(name)) return said.twice(name);
    seen.add(name);
  }
  return null;
}

/** A row of the table: its cells, its name and description trimmed. */
export type NamedRow = Record<string, unknown> & { name: string; description: string };

/** The rows with their names trimmed; throws the problem of their names. */
export function namedRows(rows: unknown, said: RowNaming): NamedRow[] {
  const problem = rowNamesProblem(rows, said);
  if (problem) throw new Error(problem);
  return (rows as Record<string, unknown>[]).map((row) => ({
    ...row,
    name: textOf(row.name),
    description: textOf(row.description),
  }));
}

/** The node's session with its text and instructions as the model may see them. */
export async function openTextStep(
  label: string,
  raw: Record<string, unknown>,
  context: Parameters<typeof openLlm>[2],
) {
  const text = textOf(raw.text);
  if (!text) throw new Error(m.textRequired);
  const llm = await openLlm(label, raw, context);
  return { llm, message: llm.hide(text), instructions: llm.hide(textOf(raw.instructions)) };
}

import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { templateProblem } from './expressions';
import { takesExpressions } from './resolve-params';

/** The first text cell of a table param that holds an expression JSONata cannot read. */
function tableProblem(spec: Extract<ParamSpec, { type: 'table-params' }>, rows: unknown) {
  if (!Array.isArray(rows)) return null;
  for (const row of rows) {
    const cells = (row ?? {}) as Record<string, unknown>;
    for (const column of spec.columns) {
      const cell = cells[column.key];
      const problem =
        column.type === 'text' && typeof cell === 'string' ? templateProblem(cell) : null;
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * The save-time check of a node's `{{ … }}` templates: every param that takes expressions is
 * parsed (not evaluated). Gives the first one that cannot be read, named by its label, with
 * JSONata's pt-BR reason (`o parâmetro "Corpo" tem uma expressão que não pode ser lida:
 * S0202: …`), or null. A flow holding one may be saved as a draft, not enabled.
 */
export function templatesProblem(
  specs: Record<string, ParamSpec>,
  params: Record<string, unknown>,
): string | null {
  for (const [name, spec] of Object.entries(specs)) {
    const value = params[name];
    const problem =
      spec.type === 'table-params'
        ? tableProblem(spec, value)
        : typeof value === 'string' && takesExpressions(spec)
          ? templateProblem(value)
          : null;
    if (problem) {
      return `o parâmetro "${spec.label}" tem uma expressão que não pode ser lida: ${problem}`;
    }
  }
  return null;
}

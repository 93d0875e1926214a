import { asc, eq } from 'drizzle-orm';
import { logs } from '../../db/schema';
import type { TestContext } from '../../test/test-app';
import { until } from '../../test/until';

const node = (uid: string, type: string, x: number, params: Record<string, unknown>) => ({
  uid,
  type,
  position: { x, y: 0 },
  params,
});

/** The code node's code: a user log line naming its version and who arrived. */
export const codeOf = (version: string) =>
  `console.log('código ${version}: ' + msg.payload.nome); return msg;`;

/** POST /pedido → Código (`codeOf(version)`) → Condição (nome = 'Ana') → true: Log 'chegou'. */
export function webhookFlow(version = 'v1') {
  return {
    version: 1 as const,
    nodes: [
      node('gancho', 'core_webhook_trigger', 0, { method: 'POST', path: 'pedido' }),
      node('codigo', 'core_code', 200, { code: codeOf(version) }),
      node('condicao', 'core_condition', 400, { expression: "msg.payload.nome = 'Ana'" }),
      node('fim', 'core_log', 600, { label: 'Fim', message: 'chegou' }),
    ],
    edges: [
      { id: 'e1', source: 'gancho', sourceOutput: 'default', target: 'codigo' },
      { id: 'e2', source: 'codigo', sourceOutput: 'default', target: 'condicao' },
      { id: 'e3', source: 'condicao', sourceOutput: 'true', target: 'fim' },
    ],
  };
}

/** Manual Trigger with a required 'Cliente' → Código logging the client's name. */
export function manualFlow() {
  return {
    version: 1 as const,
    nodes: [
      node('manual', 'core_manual_trigger', 0, {
        fields: [{ name: 'nome', label: 'Cliente', type: 'text', required: true }],
      }),
      node('codigo', 'core_code', 200, { code: codeOf('manual') }),
    ],
    edges: [{ id: 'e1', source: 'manual', sourceOutput: 'default', target: 'codigo' }],
  };
}

/**
 * The execution's log lines once its last one ('Execução finalizada') is stored: the user
 * lines' messages and the uids of the nodes that finished, in order.
 */
export async function linesOf(t: TestContext, executionId: string) {
  const rows = await until(async () => {
    const found = await t.database.db
      .select()
      .from(logs)
      .where(eq(logs.executionId, executionId))
      .orderBy(asc(logs.id));
    return found.some((row) => row.label === 'Execução finalizada') && found;
  }, `o fim da execução ${executionId} nos logs`);
  return {
    user: rows.filter((row) => row.type === 'user').map((row) => row.message),
    finished: rows
      .filter((row) => row.type === 'internal')
      .map((row) => /\(([^)]+)\) concluído/.exec(row.message)?.[1])
      .filter(Boolean),
  };
}

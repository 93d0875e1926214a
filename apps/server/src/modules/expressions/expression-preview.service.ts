import type { z } from 'zod';
import { ExpressionError, resolveTemplate } from '@ponte/engine/expressions/expressions';
import type {
  expressionPreviewBodySchema,
  expressionPreviewSchema,
} from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { notFound } from '../../lib/app-error';

type PreviewBody = z.infer<typeof expressionPreviewBodySchema>;
type Preview = z.infer<typeof expressionPreviewSchema>;
type Result = Preview['results'][number];

/** Time one request may spend over all its templates; the rest answer with `overBudget`. */
export const previewBudgetMs = 5_000;

export const overBudget = `A prévia passou de ${previewBudgetMs / 1000} s no total; esta expressão não foi avaliada.`;

export interface ExpressionPreviewDependencies {
  /** The flow's own variables, or null when the flow is not in the workspace. */
  flowVariables(
    workspaceId: string,
    flowId: string,
  ): Promise<{ key: string; value: string }[] | null>;
  /** The workspace's variables, as an execution reads them. */
  workspaceVariables(workspaceId: string): Promise<Record<string, string>>;
  /** The workspace's own holidays (docs/adr/0121), as an execution reads them. */
  workspaceHolidays?(workspaceId: string): Promise<WorkspaceHoliday[]>;
  /** Milliseconds, for the request's budget (tests move it). */
  now?: () => number;
}

/**
 * The workspace's holidays for one preview, as an execution has them: read on the first call
 * only, and only when a template calls a business-day function.
 */
function holidaysOnce(deps: ExpressionPreviewDependencies, workspaceId: string) {
  let pending: Promise<WorkspaceHoliday[]> | undefined;
  return () => (pending ??= deps.workspaceHolidays?.(workspaceId) ?? Promise.resolve([]));
}

/** The text a person reads for a failed evaluation: the engine's own pt-BR message. */
function failure(error: unknown): Result {
  if (error instanceof ExpressionError) return { ok: false, error: error.message };
  throw error;
}

/**
 * The editor's preview of templates: each one resolved as a run resolves a param
 * (`resolveTemplate`: the same JSONata, functions, guards, limits and pt-BR messages), over
 * `msg` = the given message, `vars` = the workspace's variables under the flow's, an empty
 * `flow` and the workspace's own holidays (asked only when used). Nothing is written and nothing leaves the process.
 */
export function createExpressionPreviewService(deps: ExpressionPreviewDependencies) {
  const now = deps.now ?? (() => performance.now());
  return {
    async preview(workspaceId: string, body: PreviewBody): Promise<Preview> {
      const own = await deps.flowVariables(workspaceId, body.flow_id);
      if (!own) throw notFound(messages.flows.notFound, { kind: 'flow', id: body.flow_id });
      const vars = {
        ...(await deps.workspaceVariables(workspaceId)),
        ...Object.fromEntries(own.map(({ key, value }) => [key, value])),
      };
      const holidays = holidaysOnce(deps, workspaceId);
      const started = now();
      const results: Result[] = [];
      for (const template of body.templates) {
        if (now() - started > previewBudgetMs) {
          results.push({ ok: false, error: overBudget });
          continue;
        }
        try {
          const value = await resolveTemplate(template, {
            msg: body.msg,
            flow: {},
            vars,
            holidays,
          });
          results.push({ ok: true, value: value ?? null });
        } catch (error) {
          results.push(failure(error));
        }
      }
      return { results };
    },
  };
}

export type ExpressionPreviewService = ReturnType<typeof createExpressionPreviewService>;

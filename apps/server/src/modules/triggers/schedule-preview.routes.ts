import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  schedulePreviewBodySchema,
  schedulePreviewCount,
  schedulePreviewSchema,
  type SchedulePreview,
} from '@ponte/shared/schedule-preview.schema';
import { nextRuns, validateSchedule } from '@ponte/engine/nodes/triggers/schedule-trigger/schedule';
import { scheduleFiltersDays } from '@ponte/engine/nodes/triggers/schedule-trigger/schedule-days';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';

export interface SchedulePreviewOptions {
  now: () => Date;
  /** The workspace's own holidays: a business-day schedule passes over them too. */
  workspaceHolidays: (workspaceId: string) => Promise<WorkspaceHoliday[]>;
}

const expression = /\{\{[\s\S]*?\}\}/;

/** The schedule's next firing times after `from`, or the reason it has none to show. */
export function previewSchedule(
  params: Record<string, unknown>,
  from: Date,
  holidays: readonly WorkspaceHoliday[] = [],
): SchedulePreview {
  if (Object.values(params).some((value) => typeof value === 'string' && expression.test(value))) {
    return {
      runs: [],
      problem:
        'O agendamento usa expressões: os horários só são conhecidos quando o flow é ativado.',
    };
  }
  const problem = validateSchedule(params);
  if (problem) return { runs: [], problem };
  const runs = nextRuns(params, from, schedulePreviewCount, holidays).map((date) =>
    date.toISOString(),
  );
  return { runs, problem: null };
}

/** Mounted at /engine (authenticated scope): the schedule node panel's 'Próximas execuções'. */
export const schedulePreviewRoutes: FastifyPluginAsyncZod<SchedulePreviewOptions> = async (
  app,
  options,
) => {
  app.post(
    '/schedule/next-runs',
    {
      schema: {
        tags: ['Engine'],
        security: bearerSecurity,
        summary: 'As próximas execuções de um agendamento, com os parâmetros do conector',
        body: schedulePreviewBodySchema,
        response: { 200: schedulePreviewSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { params, from } = request.body;
      const holidays = scheduleFiltersDays(params)
        ? await options.workspaceHolidays(sessionOf(request).workspaceId)
        : [];
      return previewSchedule(params, from ? new Date(from) : options.now(), holidays);
    },
  );
};

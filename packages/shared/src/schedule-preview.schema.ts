import { z } from 'zod';

/** POST /engine/schedule/next-runs: a schedule node's params as the panel holds them. */
export const schedulePreviewBodySchema = z.object({
  params: z.record(z.string(), z.unknown()),
  /** From when to count (ISO 8601); now when absent. */
  from: z.iso.datetime({ offset: true }).optional(),
});

/** How many firing times the preview gives. */
export const schedulePreviewCount = 5;

/**
 * The next firing times (ISO 8601, UTC) of the schedule, or why there are none: a bad cron or
 * time zone (pt-BR), or params holding expressions, which are known only when the flow runs.
 */
export const schedulePreviewSchema = z.object({
  runs: z.array(z.string()),
  problem: z.string().nullable(),
});
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;

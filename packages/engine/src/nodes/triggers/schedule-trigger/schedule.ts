import { Cron } from 'croner';
import {
  defaultTimezone,
  scheduleTimezone,
  validateSchedule,
} from '@ponte/shared/flow/node-param-rules';

// The checks live in the shared package: the flow validator refuses what the engine could not arm.
export { defaultTimezone, validateSchedule };

/** The next `count` firing times after `from`, in the schedule's time zone. */
export function nextRuns(params: Record<string, unknown>, from: Date, count: number): Date[] {
  const problem = validateSchedule(params);
  if (problem) throw new Error(problem);
  const job = new Cron(String(params.cron).trim(), {
    timezone: scheduleTimezone(params),
    paused: true,
  });
  try {
    return job.nextRuns(count, from);
  } finally {
    job.stop();
  }
}

/** At most this many steps on the count axis. */
const maxSteps = 5;

/**
 * Whole-number, evenly spaced ticks from 0 up to at least `max`: steps of 1, 2 or 5 times a
 * power of ten (0, 1, 2, 3 / 0, 2, 4, 6 / 0, 50, 100, …).
 */
export function countTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let power = 1; Math.ceil(top / step) > maxSteps; power *= 10) {
    step =
      [1, 2, 5].map((factor) => factor * power).find((s) => Math.ceil(top / s) <= maxSteps) ??
      10 * power;
  }
  const steps = Math.ceil(top / step);
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
}

/** Every how many labels the time axis skips, so that about `labels` evenly spaced ones show. */
export function timeTickInterval(points: number, labels = 6): number {
  return points <= labels ? 0 : Math.ceil(points / labels) - 1;
}

import type { HolidayMove, HolidayRule } from './holiday-rule';

/** A law's holiday on a fixed day every year (`more`: its years, or how it moves). */
export function fixedHoliday(
  name: string,
  month: number,
  day: number,
  more: Partial<Pick<HolidayRule, 'desde' | 'ate'>> & { move?: HolidayMove } = {},
): HolidayRule {
  const { move, ...years } = more;
  return {
    name,
    nature: 'feriado',
    closes: true,
    date: move ? { month, day, move } : { month, day },
    ...years,
  };
}

import { addDays, dayOfWeek, isoDate } from './calendar-days';
import { easterSunday } from './easter';

/**
 * One entry of the holiday data (`national-holidays.ts`, `state-holidays.ts`,
 * `municipal-holidays.ts`): what it is called, how its date is found each year and for which
 * years its law holds. A change of law is a new entry or an `ate`/`desde`, never code.
 */
export interface HolidayRule {
  name: string;
  /** 'feriado' (a law makes it a holiday) or 'ponto facultativo' (a federal decree each year). */
  nature: HolidayNature;
  /**
   * Whether the day stops business (banks, most companies): every 'feriado'; of the federal
   * 'pontos facultativos', Carnaval and Corpus Christi (the banks' calendar), not Cinzas.
   */
  closes: boolean;
  date: HolidayDate;
  /** First year the law holds (inclusive); absent: always. */
  desde?: number;
  /** Last year the law holds (inclusive); absent: still in force. */
  ate?: number;
}

export type HolidayNature = 'feriado' | 'ponto facultativo' | 'ponto facultativo até 14h';

/**
 * - `{month, day}`: every year on that day, unless `move` says where a law moves it;
 * - `{easter}`: days after (negative: before) Easter Sunday (Gregorian computus).
 */
export type HolidayDate = { month: number; day: number; move?: HolidayMove } | { easter: number };

/**
 * - 'tuesday-to-thursday-on-friday': falling on a Tuesday, Wednesday or Thursday, kept on the
 *   Friday of that week (Acre);
 * - 'tuesday-on-monday-thursday-on-friday': a Tuesday's on the Monday before, a Thursday's on
 *   the Friday after (Alagoas' Dia do Evangélico);
 * - 'on-next-sunday': kept on the Sunday on or after the day (Santa Catarina's data magna).
 */
export type HolidayMove =
  'tuesday-to-thursday-on-friday' | 'tuesday-on-monday-thursday-on-friday' | 'on-next-sunday';

/** Days to add to a fixed day of weekday `weekday` (0 Sunday) that `move` moves. */
const moves: Record<HolidayMove, (weekday: number) => number> = {
  'tuesday-to-thursday-on-friday': (weekday) => (weekday >= 2 && weekday <= 4 ? 5 - weekday : 0),
  'tuesday-on-monday-thursday-on-friday': (weekday) => (weekday === 2 ? -1 : weekday === 4 ? 1 : 0),
  'on-next-sunday': (weekday) => (7 - weekday) % 7,
};

/** Whether the rule's law holds in `year`. */
export function ruleHolds(rule: HolidayRule, year: number): boolean {
  return (
    (rule.desde === undefined || year >= rule.desde) && (rule.ate === undefined || year <= rule.ate)
  );
}

/** The day (`YYYY-MM-DD`) the rule gives in `year`, or null when its law does not hold then. */
export function ruleDate(rule: HolidayRule, year: number): string | null {
  if (!ruleHolds(rule, year)) return null;
  const { date } = rule;
  if ('easter' in date) return addDays(easterSunday(year), date.easter);
  const day = isoDate(year, date.month, date.day);
  return date.move ? addDays(day, moves[date.move](dayOfWeek(day))) : day;
}

import { describe, expect, it } from 'vitest';
import { isRealDay } from './calendar-days';
import { ruleDate, ruleHolds, type HolidayRule } from './holiday-rule';
import { municipalHolidays } from './municipal-holidays';
import { nationalHolidays } from './national-holidays';
import { capitals } from './places';
import { stateHolidays } from './state-holidays';

const everyRule: [string, HolidayRule][] = [
  ...nationalHolidays.map((rule): [string, HolidayRule] => [`BR ${rule.name}`, rule]),
  ...Object.entries(stateHolidays).flatMap(([uf, rules]) =>
    rules.map((rule): [string, HolidayRule] => [`${uf} ${rule.name}`, rule]),
  ),
  ...Object.entries(municipalHolidays).flatMap(([uf, rules]) =>
    rules.map((rule): [string, HolidayRule] => [`${uf}/${capitals[uf]} ${rule.name}`, rule]),
  ),
];

describe('the holiday data', () => {
  it('has the states and the capitals of all 27 UFs', () => {
    expect(Object.keys(capitals)).toHaveLength(27);
    expect(Object.keys(stateHolidays).sort()).toEqual(Object.keys(capitals).sort());
    expect(Object.keys(municipalHolidays).sort()).toEqual(Object.keys(capitals).sort());
  });

  it('gives every rule a date inside its year and its law’s validity, and none outside it', () => {
    for (const [label, rule] of everyRule) {
      if ('month' in rule.date)
        expect(isRealDay(2024, rule.date.month, rule.date.day), label).toBe(true);
      if (rule.desde !== undefined && rule.ate !== undefined) {
        expect(rule.desde, label).toBeLessThanOrEqual(rule.ate);
      }
      for (let year = 1900; year <= 2200; year++) {
        const date = ruleDate(rule, year);
        if (!ruleHolds(rule, year)) {
          expect(date, `${label} ${year}`).toBeNull();
          continue;
        }
        expect(date?.slice(0, 4), `${label} ${year}`).toBe(String(year));
      }
    }
  });

  it('names every entry and marks what a person reads: feriado or ponto facultativo', () => {
    for (const [label, rule] of everyRule) {
      expect(rule.name.trim(), label).not.toBe('');
      expect(['feriado', 'ponto facultativo', 'ponto facultativo até 14h'], label).toContain(
        rule.nature,
      );
      if (rule.nature === 'feriado') expect(rule.closes, label).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  formatBrazilianDay,
  holidayBodySchema,
  holidayFormSchema,
  isCalendarDay,
  parseBrazilianDay,
} from './holidays.schema';

const m = messages.holidays;

describe('holiday dates', () => {
  it('reads DD/MM/YYYY as typed in Brazil and shows YYYY-MM-DD back that way', () => {
    expect(parseBrazilianDay('25/01/2027')).toBe('2027-01-25');
    expect(parseBrazilianDay(' 1/5/2027 ')).toBe('2027-05-01');
    expect(formatBrazilianDay('2027-01-25')).toBe('25/01/2027');
  });

  it('refuses days the calendar does not have, and other shapes', () => {
    expect(parseBrazilianDay('29/02/2027')).toBeNull();
    expect(parseBrazilianDay('29/02/2028')).toBe('2028-02-29');
    expect(parseBrazilianDay('31/04/2027')).toBeNull();
    expect(parseBrazilianDay('2027-01-25')).toBeNull();
    expect(parseBrazilianDay('01/13/2027')).toBeNull();
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-12-31')).toBe(true);
    expect(isCalendarDay('27-12-31')).toBe(false);
  });

  it('answers the pt-BR message of each invalid field of a body', () => {
    const issues = (body: unknown) =>
      holidayBodySchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ name: 'Aniversário' })).toEqual([['date', m.dateRequired]]);
    expect(issues({ date: '31/12/2027', name: 'X' })).toEqual([['date', m.dateInvalid]]);
    expect(issues({ date: '2027-02-30', name: 'X' })).toEqual([['date', m.dateInvalid]]);
    expect(issues({ date: '2027-01-25', name: ' ' })).toEqual([['name', m.nameRequired]]);
    expect(issues({ date: '2027-01-25', name: 'x'.repeat(121) })).toEqual([
      ['name', m.nameTooLong],
    ]);
    expect(holidayBodySchema.parse({ date: '2027-01-25', name: ' Aniversário ' })).toEqual({
      date: '2027-01-25',
      name: 'Aniversário',
      recurring: false,
    });
  });
});

describe("the holiday screen's form", () => {
  it('turns the typed DD/MM/YYYY into the body date, with the messages of a wrong one', () => {
    expect(holidayFormSchema.parse({ date: '25/01/2027', name: ' Aniversário ' })).toEqual({
      date: '2027-01-25',
      name: 'Aniversário',
    });
    const issues = (body: unknown) =>
      holidayFormSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ date: '', name: 'X' })).toEqual([['date', m.dateRequired]]);
    expect(issues({ date: '31/02/2027', name: '' })).toEqual([
      ['date', m.dateInvalid],
      ['name', m.nameRequired],
    ]);
    expect(issues({ date: '2027-01-25', name: 'X' })).toEqual([['date', m.dateInvalid]]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  holidaysOn,
  isBusinessDay,
  nextBusinessDay,
  nthBusinessDay,
} from './calendar';
import { addDays } from './calendar-days';

/** The days of a year that are not business days for a reason other than the weekend. */
function closedWeekdays(year: number, place: string): string[] {
  const out: string[] = [];
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isBusinessDay(day, place)) out.push(day);
  }
  return out;
}

describe('the national calendar', () => {
  it('matches the federal calendar of 2026', () => {
    // Portaria MGI nº 11.460, de 30 de dezembro de 2025 (DOU): feriados nacionais and pontos
    // facultativos of 2026. Its bridge days (20/04, 05/06) and the Dia do Servidor (28/10) are
    // for federal offices only and stay business days.
    const feriados = [
      '2026-01-01',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ];
    const all = [];
    for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 1))
      all.push(...holidaysOn(day));
    expect(all.filter((h) => h.nature === 'feriado').map((h) => h.date)).toEqual(feriados);
    expect(all.filter((h) => h.nature !== 'feriado').map((h) => `${h.date} ${h.nature}`)).toEqual([
      '2026-02-16 ponto facultativo',
      '2026-02-17 ponto facultativo',
      '2026-02-18 ponto facultativo até 14h',
      '2026-06-04 ponto facultativo',
    ]);
    // Carnaval and Corpus Christi close the banks; Cinzas does not (Febraban).
    expect(closedWeekdays(2026, 'BR')).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-06-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-20',
      '2026-12-25',
    ]);
    expect(isBusinessDay('2026-02-18')).toBe(true);
    expect(isBusinessDay('2026-04-20')).toBe(true);
  });

  it('computes 2027 as the banks’ published calendar has it', () => {
    // No federal Portaria for 2027 yet: checked against the ANBIMA calendar of national
    // holidays (feriados bancários nacionais, 2001–2078), https://www.anbima.com.br/feriados/
    const closing = [];
    for (let day = '2027-01-01'; day < '2028-01-01'; day = addDays(day, 1)) {
      if (holidaysOn(day).some((holiday) => holiday.closes)) closing.push(day);
    }
    expect(closing).toEqual([
      '2027-01-01',
      '2027-02-08',
      '2027-02-09',
      '2027-03-26',
      '2027-04-21',
      '2027-05-01',
      '2027-05-27',
      '2027-09-07',
      '2027-10-12',
      '2027-11-02',
      '2027-11-15',
      '2027-11-20',
      '2027-12-25',
    ]);
    expect(holidaysOn('2027-02-10')[0]).toMatchObject({
      name: 'Quarta-feira de Cinzas',
      closes: false,
    });
  });

  it('names each day and says whether it is a feriado or a ponto facultativo', () => {
    expect(holidaysOn('2026-11-20')).toEqual([
      {
        date: '2026-11-20',
        name: 'Dia Nacional de Zumbi e da Consciência Negra',
        kind: 'nacional',
        nature: 'feriado',
        closes: true,
      },
    ]);
    expect(holidaysOn('2023-11-20')).toEqual([]);
    expect(holidaysOn('2026-06-04')[0]).toMatchObject({
      name: 'Corpus Christi',
      nature: 'ponto facultativo',
      closes: true,
    });
  });
});

describe('places', () => {
  it('adds the UF’s and the capital’s holidays, forgiving accents and case', () => {
    // SP: Lei nº 9.497/1997 (9 de julho); São Paulo: Lei municipal nº 14.485/2007 (25 de janeiro).
    expect(isBusinessDay('2026-07-09', 'BR')).toBe(true);
    expect(isBusinessDay('2026-07-09', 'SP')).toBe(false);
    expect(isBusinessDay('2027-01-25', 'SP')).toBe(true);
    expect(isBusinessDay('2027-01-25', 'sp/sao paulo')).toBe(false);
    expect(holidaysOn('2027-01-25', ' SP / São  Paulo ')).toMatchObject([
      { name: 'Aniversário de São Paulo', kind: 'municipal', nature: 'feriado' },
    ]);
    // RJ: Lei nº 5.243/2008 makes Carnaval's Tuesday a state holiday.
    expect(holidaysOn('2026-02-17', 'RJ').map((h) => `${h.kind}: ${h.name} (${h.nature})`)).toEqual(
      ['nacional: Carnaval (terça-feira) (ponto facultativo)', 'estadual: Carnaval (feriado)'],
    );
    expect(isBusinessDay('2026-04-23', 'RJ')).toBe(false);
  });

  it('says in pt-BR what it accepts when the place is unknown or not a capital', () => {
    expect(() => isBusinessDay('2026-12-07', 'XX')).toThrow(
      'Local desconhecido: "XX". Use BR, a sigla de uma UF (ex.: SP) ou UF/capital (ex.: SP/São Paulo).',
    );
    expect(() => isBusinessDay('2026-12-07', 'SP/Campinas')).toThrow(
      'Município sem calendário: "Campinas". Só as capitais têm feriados municipais: use SP/São Paulo, ou só SP para os feriados nacionais e estaduais.',
    );
  });

  it('moves the holidays a state law moves', () => {
    // AL, Lei nº 7.530/2013: the Dia do Evangélico of Thursday 30/11/2023 went to Friday 1/12.
    expect(isBusinessDay('2023-11-30', 'AL')).toBe(true);
    expect(holidaysOn('2023-12-01', 'AL')[0]).toMatchObject({ name: 'Dia do Evangélico' });
    // SC: the data magna of Thursday 11/08/2022 was kept on Sunday 14/08 (state decree of 2022).
    expect(isBusinessDay('2022-08-11', 'SC')).toBe(true);
    expect(holidaysOn('2022-08-14', 'SC')[0]).toMatchObject({
      name: 'Data Magna de Santa Catarina',
    });
    // AC: a state holiday on a Wednesday (Dia da Mulher, 8/3/2023) is kept on Friday 10/3.
    expect(isBusinessDay('2023-03-08', 'AC')).toBe(true);
    expect(isBusinessDay('2023-03-10', 'AC')).toBe(false);
  });

  it('closes São Paulo on 20 de novembro from 2004 to 2023, a municipal holiday then', () => {
    // Lei municipal nº 13.707/2004, consolidated in Lei nº 14.485/2007; Friday 20/11/2020.
    expect(isBusinessDay('2020-11-20', 'SP')).toBe(true);
    expect(isBusinessDay('2020-11-20', 'SP/São Paulo')).toBe(false);
    expect(holidaysOn('2020-11-20', 'SP/São Paulo')).toMatchObject([
      { name: 'Dia da Consciência Negra', kind: 'municipal', nature: 'feriado' },
    ]);
    expect(isBusinessDay('2003-11-20', 'SP/São Paulo')).toBe(true);
    // From 2024 it is the national holiday (Lei nº 14.759/2023), not the city's.
    expect(holidaysOn('2024-11-20', 'SP/São Paulo').map((h) => h.kind)).toEqual(['nacional']);
  });

  it('follows the law’s years: PR’s 19 de dezembro ended with Lei nº 18.384/2014', () => {
    expect(isBusinessDay('2013-12-19', 'PR')).toBe(false);
    expect(isBusinessDay('2019-12-19', 'PR')).toBe(true);
  });
});

describe('dates', () => {
  it('reads DD/MM/YYYY and ISO date-times in São Paulo’s day', () => {
    expect(isBusinessDay('25/12/2026')).toBe(false);
    // 02:00 UTC on 8 December is still Monday 7 December in São Paulo.
    expect(nextBusinessDay('2026-12-08T02:00:00Z')).toBe('2026-12-08');
    expect(nextBusinessDay('2026-12-08T02:00:00-03:00')).toBe('2026-12-09');
  });

  it('refuses years outside 1900–2200, which would be read as other years', () => {
    // Date.UTC reads the years 0 to 99 as 1900 to 1999: 0050 would become 1950.
    const outside = (text: string) =>
      `Ano fora do calendário: "${text}". O calendário vai de 1900 a 2200.`;
    expect(() => addBusinessDays('0050-01-01', 1)).toThrow(outside('0050-01-01'));
    expect(() => isBusinessDay('01/01/0099')).toThrow(outside('01/01/0099'));
    expect(() => nextBusinessDay('0050-01-01T12:00:00Z')).toThrow(outside('0050-01-01T12:00:00Z'));
    expect(() => nthBusinessDay('0050-01', 1)).toThrow(outside('0050-01'));
    expect(() => isBusinessDay('2201-01-02')).toThrow(outside('2201-01-02'));
    expect(nextBusinessDay('1900-01-01')).toBe('1900-01-02');
    expect(isBusinessDay('2200-12-31')).toBe(true);
  });

  it('refuses what is not a date, in pt-BR', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow('Data inexistente: "2026-02-30".');
    expect(() => isBusinessDay('amanhã')).toThrow(
      'Data inválida: "amanhã". Use AAAA-MM-DD (ex.: 2026-12-07), DD/MM/AAAA ou uma data e hora ISO.',
    );
  });
});

describe('business-day arithmetic', () => {
  it('gives the next business day strictly after the date, as WORKDAY(date, 1)', () => {
    expect(nextBusinessDay('2026-12-07')).toBe('2026-12-08');
    expect(nextBusinessDay('2026-12-24')).toBe('2026-12-28');
    expect(nextBusinessDay('2026-02-13')).toBe('2026-02-18');
  });

  it('adds and subtracts business days, the date itself not counted', () => {
    expect(addBusinessDays('2026-12-21', 5)).toBe('2026-12-29');
    expect(addBusinessDays('2026-12-29', -5)).toBe('2026-12-21');
    expect(addBusinessDays('2026-12-26', 0)).toBe('2026-12-26');
    expect(addBusinessDays('2026-01-02', 10_000)).toMatch(/^206\d-/);
  });

  it('refuses a count that is not a whole number or past 10 000, in pt-BR', () => {
    expect(() => addBusinessDays('2026-12-21', 10_001)).toThrow(
      'Número de dias úteis grande demais: 10001. O limite é 10.000 (para mais ou para menos).',
    );
    expect(() => addBusinessDays('2026-12-21', 1.5)).toThrow(
      'Número de dias úteis inválido: "1.5". Use um número inteiro.',
    );
  });

  it('finds the n-th business day of a month, from its start or its end', () => {
    expect(nthBusinessDay('2026-12', 5)).toBe('2026-12-07');
    expect(nthBusinessDay('12/2026', 1)).toBe('2026-12-01');
    expect(nthBusinessDay('2026-12', -1)).toBe('2026-12-31');
    expect(nthBusinessDay('2026-12', 22)).toBe('2026-12-31');
    expect(() => nthBusinessDay('2026-12', 23)).toThrow(
      '12/2026 tem só 22 dias úteis; não há o 23º.',
    );
    expect(() => nthBusinessDay('2026-13', 1)).toThrow(
      'Mês inválido: "2026-13". Use AAAA-MM (ex.: 2026-12) ou MM/AAAA (ex.: 12/2026).',
    );
    expect(() => nthBusinessDay('2026-12', 0)).toThrow(/^Posição de dia útil inválida/);
  });

  it('counts the workspace’s own holidays, every year when recurring', () => {
    const extra = [
      { date: '2020-12-08', name: 'Aniversário da empresa', recurring: true },
      { date: '2026-12-02', name: 'Inventário', recurring: false },
    ];
    expect(nthBusinessDay('2026-12', 5, 'BR', extra)).toBe('2026-12-09');
    expect(holidaysOn('2027-12-08', 'BR', extra)).toEqual([
      {
        date: '2027-12-08',
        name: 'Aniversário da empresa',
        kind: 'workspace',
        nature: 'feriado',
        closes: true,
      },
    ]);
    expect(isBusinessDay('2027-12-02', 'BR', extra)).toBe(true);
  });
});

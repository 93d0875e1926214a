import type { HolidayRule } from './holiday-rule';

/**
 * National holidays and the federal 'pontos facultativos' tied to Easter. Each year the
 * Ministério da Gestão e da Inovação em Serviços Públicos publishes the federal calendar in a
 * Portaria (2026: Portaria MGI nº 11.460, de 30 de dezembro de 2025): it is the check of
 * these rules (docs/brasil.md, "Dias úteis e feriados").
 *
 * Not here: the Dia do Servidor Público (28 de outubro), the afternoons of 24 and 31 de
 * dezembro and the bridge days a Portaria adds in a given year (2026: 20 de abril, 5 de
 * junho): they concern federal offices only, not the banks' calendar.
 */
export const nationalHolidays: readonly HolidayRule[] = [
  // Lei nº 662/1949, art. 1º, com a redação da Lei nº 10.607/2002.
  {
    name: 'Confraternização Universal',
    nature: 'feriado',
    closes: true,
    date: { month: 1, day: 1 },
  },
  { name: 'Tiradentes', nature: 'feriado', closes: true, date: { month: 4, day: 21 } },
  { name: 'Dia do Trabalho', nature: 'feriado', closes: true, date: { month: 5, day: 1 } },
  { name: 'Independência do Brasil', nature: 'feriado', closes: true, date: { month: 9, day: 7 } },
  { name: 'Finados', nature: 'feriado', closes: true, date: { month: 11, day: 2 } },
  {
    name: 'Proclamação da República',
    nature: 'feriado',
    closes: true,
    date: { month: 11, day: 15 },
  },
  { name: 'Natal', nature: 'feriado', closes: true, date: { month: 12, day: 25 } },
  // Lei nº 6.802/1980.
  {
    name: 'Nossa Senhora Aparecida',
    nature: 'feriado',
    closes: true,
    date: { month: 10, day: 12 },
    desde: 1980,
  },
  // Lei nº 14.759/2023 (feriado nacional desde 2024).
  {
    name: 'Dia Nacional de Zumbi e da Consciência Negra',
    nature: 'feriado',
    closes: true,
    date: { month: 11, day: 20 },
    desde: 2024,
  },
  // Sexta-feira da Paixão: Lei nº 9.093/1995, art. 2º; 'feriado nacional' nas Portarias anuais.
  { name: 'Paixão de Cristo', nature: 'feriado', closes: true, date: { easter: -2 } },
  // Pontos facultativos federais das Portarias anuais. Carnaval e Corpus Christi não são dias
  // úteis no calendário dos bancos (Resolução CMN nº 4.880/2020; calendário de feriados
  // bancários da Febraban); a Quarta-feira de Cinzas é (agências abrem ao meio-dia).
  {
    name: 'Carnaval (segunda-feira)',
    nature: 'ponto facultativo',
    closes: true,
    date: { easter: -48 },
  },
  {
    name: 'Carnaval (terça-feira)',
    nature: 'ponto facultativo',
    closes: true,
    date: { easter: -47 },
  },
  {
    name: 'Quarta-feira de Cinzas',
    nature: 'ponto facultativo até 14h',
    closes: false,
    date: { easter: -46 },
  },
  { name: 'Corpus Christi', nature: 'ponto facultativo', closes: true, date: { easter: 60 } },
];

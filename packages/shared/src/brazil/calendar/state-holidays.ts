import { fixedHoliday as day } from './fixed-holiday';
import type { HolidayRule } from './holiday-rule';

/**
 * State holidays of the 27 UFs, each with its law. Lei nº 9.093/1995 allows a state one civil
 * holiday (its 'data magna'); some states keep more by their own laws and yearly decrees, and
 * they are here as the state publishes them. Where the number of the law could not be
 * confirmed, the comment says so (docs/brasil.md lists them). A state's 20 de novembro ends in
 * 2023: since 2024 the day is a national holiday (Lei nº 14.759/2023).
 *
 * Not here, on purpose: GO's 26 de julho (a day off for state servants only, Lei nº
 * 20.756/2020, art. 269); PR's 19 de dezembro (revoked by Lei nº 18.384/2014); PI's 13 de
 * março (commemorative, not a holiday); MG's and DF's 21 de abril (the national Tiradentes).
 * ES: no state holiday found.
 */
export const stateHolidays: Readonly<Record<string, readonly HolidayRule[]>> = {
  AC: [
    // Lei estadual nº 2.247/2009: os feriados estaduais que caem de terça a quinta-feira são
    // comemorados na sexta-feira, exceto o aniversário do Estado. (O número da lei aparece
    // também como 2.126/2009 em calendários municipais: a confirmar.)
    day('Dia do Católico', 1, 20, { desde: 2016, move: 'tuesday-to-thursday-on-friday' }), // Lei nº 3.137/2016
    day('Dia do Evangélico', 1, 23, { desde: 2004, move: 'tuesday-to-thursday-on-friday' }), // Lei nº 1.538/2004
    day('Dia Internacional da Mulher', 3, 8, {
      desde: 2001,
      move: 'tuesday-to-thursday-on-friday',
    }), // Lei nº 1.411/2001
    day('Aniversário do Acre', 6, 15), // Lei nº 14/1964
    day('Dia da Amazônia', 9, 5, { move: 'tuesday-to-thursday-on-friday' }), // Lei nº 1.526/2004 (número a confirmar)
    day('Tratado de Petrópolis', 11, 17, { move: 'tuesday-to-thursday-on-friday' }), // Lei nº 57/1965
  ],
  AL: [
    // Decretos anuais do Estado (p. ex. o calendário de 2023); leis a confirmar.
    day('São João', 6, 24),
    day('São Pedro', 6, 29),
    day('Emancipação Política de Alagoas', 9, 16), // data magna
    day('Dia de Zumbi dos Palmares', 11, 20, { ate: 2023 }),
    // Lei nº 7.530/2013: numa terça-feira, antecipado para a segunda; numa quinta, adiado para
    // a sexta (regra 'tuesday-on-monday-thursday-on-friday').
    {
      name: 'Dia do Evangélico',
      nature: 'feriado',
      closes: true,
      date: { month: 11, day: 30, move: 'tuesday-on-monday-thursday-on-friday' },
      desde: 2013,
    },
  ],
  AP: [
    day('Dia de São José', 3, 19), // padroeiro do Estado; lei a confirmar
    day('Criação do Território Federal do Amapá', 9, 13), // Constituição do Estado, art. 355
    day('Dia da Consciência Negra', 11, 20, { ate: 2023 }),
  ],
  AM: [
    day('Elevação do Amazonas à categoria de Província', 9, 5), // lei estadual a confirmar
    day('Dia da Consciência Negra', 11, 20, { ate: 2023 }),
  ],
  BA: [day('Independência da Bahia', 7, 2)], // Constituição do Estado da Bahia
  CE: [
    // Emenda à Constituição do Estado publicada no DOE de 6 de dezembro de 2011.
    day('Data Magna do Ceará', 3, 25, { desde: 2012 }),
  ],
  DF: [day('Dia do Evangélico', 11, 30, { desde: 1996 })], // Lei distrital nº 963, de 4/12/1995
  ES: [],
  GO: [],
  MA: [day('Adesão do Maranhão à Independência do Brasil', 7, 28, { desde: 1964 })], // Lei nº 2.457/1964
  MT: [day('Dia da Consciência Negra', 11, 20, { desde: 2003, ate: 2023 })], // Lei nº 7.879, de 27/12/2002
  MS: [
    day('Criação do Estado de Mato Grosso do Sul', 10, 11, { desde: 1979 }), // Lei nº 10/1979
    // Lei nº 3.958/2010, revogada pela Lei nº 5.049, de 22/08/2017.
    day('Dia da Consciência Negra', 11, 20, { desde: 2010, ate: 2016 }),
  ],
  MG: [],
  PA: [day('Adesão do Pará à Independência do Brasil', 8, 15, { desde: 1996 })], // Lei nº 5.999/1996
  PB: [day('Fundação do Estado da Paraíba', 8, 5, { desde: 2016 })], // Lei nº 10.601/2015 (data magna)
  PR: [day('Emancipação Política do Paraná', 12, 19, { ate: 2013 })], // Lei nº 4.658/1962, revogada
  PE: [day('Data Magna de Pernambuco', 3, 6, { desde: 2018 })], // Lei nº 16.059/2017
  PI: [day('Dia do Piauí', 10, 19)], // data magna; lei estadual a confirmar
  RJ: [
    // Lei estadual nº 5.243/2008: a terça-feira de Carnaval é feriado no Estado.
    { name: 'Carnaval', nature: 'feriado', closes: true, date: { easter: -47 }, desde: 2008 },
    day('Dia de São Jorge', 4, 23, { desde: 2008 }), // Lei nº 5.198/2008
    day('Dia da Consciência Negra', 11, 20, { desde: 2002, ate: 2023 }), // Lei nº 4.007/2002
  ],
  RN: [day('Mártires de Cunhaú e Uruaçu', 10, 3, { desde: 2007 })], // Lei nº 8.913/2006
  // Data magna pela Constituição do Estado; feriado desde o Decreto nº 36.180/1995.
  RS: [day('Revolução Farroupilha', 9, 20, { desde: 1995 })],
  RO: [
    day('Instalação do Estado de Rondônia', 1, 4, { desde: 1982 }), // lei estadual a confirmar
    day('Dia do Evangélico', 6, 18, { desde: 2002 }), // Lei nº 1.026/2001
  ],
  RR: [day('Criação do Estado de Roraima', 10, 5, { desde: 1989 })], // lei estadual a confirmar
  SC: [
    // Lei nº 10.306/1996 (alterada pela Lei nº 11.213/1999): a data magna, 11 de agosto, é
    // comemorada no domingo seguinte; por isso não tira um dia útil.
    {
      name: 'Data Magna de Santa Catarina',
      nature: 'feriado',
      closes: true,
      date: { month: 8, day: 11, move: 'on-next-sunday' },
      desde: 1997,
    },
  ],
  SP: [day('Revolução Constitucionalista', 7, 9, { desde: 1997 })], // Lei nº 9.497/1997
  SE: [day('Emancipação Política de Sergipe', 7, 8)], // data magna; lei estadual a confirmar
  TO: [
    // Leis estaduais a confirmar; datas conforme os calendários oficiais do Estado (2025, 2026).
    // Ausente do calendário oficial de 2026 (que traz o Senhor do Bonfim, novo em 2025):
    // tomado como substituído; a confirmar.
    day('Autonomia do Estado do Tocantins', 3, 18, { ate: 2024 }),
    day('Senhor do Bonfim', 8, 15, { desde: 2025 }),
    day('Nossa Senhora da Natividade', 9, 8),
    day('Criação do Estado do Tocantins', 10, 5, { desde: 1989 }),
  ],
};

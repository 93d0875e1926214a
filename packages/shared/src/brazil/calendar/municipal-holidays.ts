import { fixedHoliday as day } from './fixed-holiday';
import type { HolidayRule } from './holiday-rule';

/**
 * Municipal holidays of the 27 capitals (Lei nº 9.093/1995: the days of a city's centenary and
 * up to four religious days, the Sexta-feira da Paixão among them), keyed by UF. Each with its
 * law where it could be confirmed; the others say 'a confirmar' and docs/brasil.md lists them.
 * Corpus Christi, which many capitals make a municipal holiday, is already a non-business day
 * everywhere (`national-holidays.ts`). Brasília has no municipal holidays: the Distrito Federal
 * has no municipalities.
 */
export const municipalHolidays: Readonly<Record<string, readonly HolidayRule[]>> = {
  AC: [day('Aniversário de Rio Branco', 12, 28)], // lei municipal a confirmar
  AL: [
    day('Nossa Senhora dos Prazeres', 8, 27), // padroeira; lei municipal a confirmar
    day('Nossa Senhora da Conceição', 12, 8), // lei municipal a confirmar
  ],
  AP: [day('Aniversário de Macapá', 2, 4)], // lei municipal a confirmar
  AM: [
    day('Aniversário de Manaus', 10, 24), // lei municipal a confirmar
    day('Nossa Senhora da Conceição', 12, 8), // padroeira; lei municipal a confirmar
  ],
  BA: [
    // Calendários oficiais da Prefeitura (com a Sexta-feira da Paixão e Corpus Christi); lei a
    // confirmar.
    day('São João', 6, 24),
    day('Nossa Senhora da Conceição da Praia', 12, 8), // padroeira
  ],
  CE: [
    // Lei municipal nº 8.796/2003 (também a Sexta-feira da Paixão e Corpus Christi).
    day('Dia de São José', 3, 19, { desde: 2004 }),
    day('Nossa Senhora da Assunção', 8, 15, { desde: 2004 }),
  ],
  DF: [],
  ES: [
    // Lei municipal a confirmar. Nossa Senhora da Penha: a segunda-feira seguinte à oitava da
    // Páscoa (8 dias após o Domingo de Páscoa).
    { name: 'Nossa Senhora da Penha', nature: 'feriado', closes: true, date: { easter: 8 } },
    day('Nossa Senhora da Vitória', 9, 8),
  ],
  GO: [
    day('Nossa Senhora Auxiliadora', 5, 24), // padroeira; lei municipal a confirmar
    day('Aniversário de Goiânia', 10, 24), // lei municipal a confirmar
  ],
  MA: [
    day('São Pedro', 6, 29), // lei municipal a confirmar
    day('Aniversário de São Luís', 9, 8), // lei municipal a confirmar
    day('Nossa Senhora da Conceição', 12, 8), // lei municipal a confirmar
  ],
  MT: [day('Aniversário de Cuiabá', 4, 8)], // lei municipal a confirmar
  MS: [
    day('Santo Antônio', 6, 13), // padroeiro; lei municipal a confirmar
    day('Aniversário de Campo Grande', 8, 26), // lei municipal a confirmar
  ],
  MG: [
    // Calendários de feriados publicados pela Prefeitura no DOM (2003, 2015); lei a confirmar.
    day('Assunção de Nossa Senhora', 8, 15),
    day('Imaculada Conceição', 12, 8),
  ],
  PA: [
    day('Aniversário de Belém', 1, 12), // lei municipal a confirmar
    day('Nossa Senhora da Conceição', 12, 8), // lei municipal a confirmar
  ],
  PB: [day('Nossa Senhora das Neves', 8, 5)], // padroeira e fundação; o mesmo dia do Estado
  PR: [day('Nossa Senhora da Luz dos Pinhais', 9, 8)], // padroeira; Lei municipal nº 3.015/1967
  PE: [
    day('São João', 6, 24, { desde: 1996 }), // lei municipal de 1996 (número a confirmar)
    // Lei municipal nº 9.777/1967.
    day('Nossa Senhora do Carmo', 7, 16), // padroeira
    day('Nossa Senhora da Conceição', 12, 8),
  ],
  PI: [day('Aniversário de Teresina', 8, 16)], // lei municipal a confirmar
  RJ: [day('Dia de São Sebastião', 1, 20)], // padroeiro; lei municipal a confirmar
  RN: [
    day('Santos Reis', 1, 6), // lei municipal a confirmar
    day('Nossa Senhora da Apresentação', 11, 21), // padroeira; lei municipal a confirmar
  ],
  RS: [day('Nossa Senhora dos Navegantes', 2, 2)], // lei municipal a confirmar
  RO: [
    // Lei municipal nº 190/1980; Decreto nº 21.691/2025 (calendário de 2026).
    day('Instalação do Município de Porto Velho', 1, 24),
    day('Nossa Senhora Auxiliadora', 5, 24),
    day('Criação do Município de Porto Velho', 10, 2),
  ],
  RR: [day('Aniversário de Boa Vista', 7, 9)], // lei municipal a confirmar
  SC: [day('Aniversário de Florianópolis', 3, 23, { desde: 1990 })], // Lei nº 3.247/1989
  SP: [
    // Lei municipal nº 14.485/2007 (consolida o calendário; também a Sexta-feira da Paixão e
    // Corpus Christi).
    day('Aniversário de São Paulo', 1, 25),
    // Lei municipal nº 13.707/2004, consolidada na Lei nº 14.485/2007; desde 2024 o dia é
    // feriado nacional (Lei nº 14.759/2023, `national-holidays.ts`).
    day('Dia da Consciência Negra', 11, 20, { desde: 2004, ate: 2023 }),
  ],
  SE: [
    day('Aniversário de Aracaju', 3, 17), // lei municipal a confirmar
    day('Nossa Senhora da Conceição', 12, 8), // lei municipal a confirmar
  ],
  TO: [
    day('Dia de São José', 3, 19), // padroeiro; lei municipal a confirmar
    day('Aniversário de Palmas', 5, 20), // lei municipal a confirmar
  ],
};

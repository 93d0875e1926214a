import { CalendarError } from './calendar-error';

/**
 * Where a calendar applies: 'BR' (national holidays only), a UF ('SP') or a UF and its capital
 * ('SP/São Paulo'). Accents, case and extra spaces are forgiven ('sp/sao paulo').
 */
export interface CalendarPlace {
  /** Absent: the whole country. */
  uf?: string;
  /** True when the place is the UF's capital (its municipal holidays apply). */
  capital: boolean;
}

/** The capital of each of the 27 UFs (IBGE). */
export const capitals: Readonly<Record<string, string>> = {
  AC: 'Rio Branco',
  AL: 'Maceió',
  AP: 'Macapá',
  AM: 'Manaus',
  BA: 'Salvador',
  CE: 'Fortaleza',
  DF: 'Brasília',
  ES: 'Vitória',
  GO: 'Goiânia',
  MA: 'São Luís',
  MT: 'Cuiabá',
  MS: 'Campo Grande',
  MG: 'Belo Horizonte',
  PA: 'Belém',
  PB: 'João Pessoa',
  PR: 'Curitiba',
  PE: 'Recife',
  PI: 'Teresina',
  RJ: 'Rio de Janeiro',
  RN: 'Natal',
  RS: 'Porto Alegre',
  RO: 'Porto Velho',
  RR: 'Boa Vista',
  SC: 'Florianópolis',
  SP: 'São Paulo',
  SE: 'Aracaju',
  TO: 'Palmas',
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const supported = () =>
  Object.entries(capitals)
    .map(([uf, city]) => `${uf}/${city}`)
    .join(', ');

/** Reads 'BR', a UF or 'UF/Capital'; anything else is a `CalendarError` in pt-BR. */
export function parsePlace(text: string | undefined): CalendarPlace {
  const value = (text ?? '').trim();
  if (!value || value.toUpperCase() === 'BR') return { capital: false };
  const [ufText, cityText, ...rest] = value.split('/');
  const uf = ufText!.trim().toUpperCase();
  if (!(uf in capitals) || rest.length) {
    throw new CalendarError(
      `Local desconhecido: "${value}". Use BR, a sigla de uma UF (ex.: SP) ou UF/capital (ex.: SP/São Paulo).`,
    );
  }
  if (cityText === undefined) return { uf, capital: false };
  if (fold(cityText) !== fold(capitals[uf]!)) {
    throw new CalendarError(
      `Município sem calendário: "${cityText.trim()}". Só as capitais têm feriados municipais: ${supported()}.`,
    );
  }
  return { uf, capital: true };
}

/**
 * The shapes the business-day calendar speaks (docs/brasil.md, "Dias úteis e feriados"). Dates
 * are calendar days as `YYYY-MM-DD`, read in America/Sao_Paulo; a place is 'BR' (national
 * holidays only), a UF ('SP') or a UF and one of its capitals ('SP/São Paulo', accents and
 * case forgiven).
 */

/** A holiday the workspace added itself (its own screen): every year on that day when `recurring`. */
export interface WorkspaceHoliday {
  /** `YYYY-MM-DD`; with `recurring`, only the month and day count. */
  date: string;
  name: string;
  recurring: boolean;
}

export type HolidayKind = 'nacional' | 'estadual' | 'municipal' | 'workspace';

/** One holiday falling on a day, as the functions and the node give it. */
export interface HolidayOnDay {
  date: string;
  name: string;
  kind: HolidayKind;
  /** 'feriado' or a federal 'ponto facultativo'; absent means 'feriado' (the workspace's own). */
  nature?: 'feriado' | 'ponto facultativo' | 'ponto facultativo até 14h';
  /**
   * Whether the day stops business: every feriado; of the pontos facultativos, Carnaval and
   * Corpus Christi, not Cinzas. Absent means true.
   */
  closes?: boolean;
}

import { z } from 'zod';

/**
 * Dates the API takes (spec 2 §9 `YYYY-MM-DDTHH:mm:ssZ`, as moment writes it): UTC (`Z`) or an
 * offset (`-03:00`, `-0300`). Both mean one instant, written back in UTC.
 */
const apiDateInput =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(Z|[+-](?:0\d|1[0-4]):?[0-5]\d)$/;

const apiDateOutput = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const invalidApiDate = 'Data inválida: use AAAA-MM-DDTHH:mm:ssZ (ou com fuso, como -03:00).';

/** A date as the API writes it: `YYYY-MM-DDTHH:mm:ssZ`, always UTC. */
export function formatApiDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The instant a date of the API names, or null when it names none (31 February, 25:00). */
export function parseApiDate(value: string): Date | null {
  const match = apiDateInput.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  // Date.UTC rolls 31 February over into March: such a date names no day.
  if (new Date(wall).getUTCDate() !== day) return null;
  const offset = match[7] === 'Z' ? '+00:00' : match[7]!;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  return new Date(wall - offsetMs);
}

/**
 * A date of a request: UTC or with an offset, decoded to the UTC form, so that stored dates and
 * their comparisons (`start_date > end_date`) always speak UTC.
 */
export const apiDateSchema = z.codec(
  z.string().regex(apiDateInput, { error: invalidApiDate }),
  z.string().regex(apiDateOutput),
  {
    decode: (value, context) => {
      const date = parseApiDate(value);
      if (date) return formatApiDate(date);
      context.issues.push({ code: 'custom', message: invalidApiDate, input: value });
      return z.NEVER;
    },
    encode: (value) => value,
  },
);

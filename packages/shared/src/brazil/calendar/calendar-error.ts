/** A date, month, place or count the calendar functions cannot use; the message is pt-BR. */
export class CalendarError extends Error {
  override name = 'CalendarError';
}

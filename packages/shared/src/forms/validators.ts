// E-mail and URL checks are validator's, on the page and on the server alike (docs/adr/0039).
import isEmail from 'validator/lib/isEmail.js';
import isURL from 'validator/lib/isURL.js';
import type { FormValidation } from '../forms.schema';
import { isCep, isCnpj, isCpf } from '../brazil/documents';
import { parseBrNumber } from '../brazil/numbers';
import { isLandline, isMobile } from '../brazil/phones';
import { messages } from '../messages';

/**
 * Validations of text and textarea fields (spec 2 §5; docs/adr/0039): the same checks on the
 * public page, as people type, and on the server, before a submission starts its flow. The
 * Brazilian documents, phones and numbers are read by ../brazil (docs/adr/0077).
 */
const m = messages.forms.public;

function isRealDate(day: number, month: number, year: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1;
}

function isTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return !!match && Number(match[1]) <= 23 && Number(match[2]) <= 59;
}

/** `DD/MM/AAAA`, a day of the calendar. */
export function isDateBr(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return !!match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isDateTimeBr(value: string): boolean {
  const [date = '', time = '', ...rest] = value.split(' ');
  return !rest.length && isDateBr(date) && isTime(time);
}

const checks: Record<Exclude<FormValidation, ''>, [(value: string) => boolean, string]> = {
  email: [(value) => isEmail(value), m.invalidEmail],
  cpf: [isCpf, m.invalidCpf],
  cnpj: [isCnpj, m.invalidCnpj],
  telefone_br: [isLandline, m.invalidPhone],
  celular_br: [isMobile, m.invalidMobile],
  date_br: [isDateBr, m.invalidDate],
  datetime_br: [isDateTimeBr, m.invalidDateTime],
  time: [isTime, m.invalidTime],
  cep: [isCep, m.invalidCep],
  url: [
    (value) =>
      isURL(value, {
        protocols: ['http', 'https'],
        require_protocol: true,
        require_host: true,
        require_tld: false,
      }),
    m.invalidUrl,
  ],
  number: [(value) => parseBrNumber(value) !== null, m.invalidNumber],
};

/** The pt-BR message a validation gives a value it refuses ('' for no validation). */
export function validationMessage(validation: FormValidation): string {
  return validation ? checks[validation][1] : '';
}

/** The pt-BR message (messages.forms.public.*) when the value fails; null when it passes or is ''. */
export function validateFieldValue(validation: FormValidation, value: string): string | null {
  const text = value.trim();
  if (!validation || !text) return null;
  const [passes, message] = checks[validation];
  return passes(text) ? null : message;
}

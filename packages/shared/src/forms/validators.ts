// E-mail and URL checks are validator's, on the page and on the server alike (docs/adr/0039).
import isEmail from 'validator/lib/isEmail.js';
import isURL from 'validator/lib/isURL.js';
import type { FormValidation } from '../forms.schema';
import { messages } from '../messages';

/**
 * Validations of text and textarea fields (spec 2 §5; docs/adr/0039): the same checks on the
 * public page, as people type, and on the server, before a submission starts its flow.
 */
const m = messages.forms.public;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Check digits of CPF and CNPJ: weights applied right to left, modulo 11. */
function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, i) => total + Number(digits[i]) * weight, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF, masked ('529.982.247-25') or not, with both check digits right. */
export function isCpf(value: string): boolean {
  if (!/^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})$/.test(value.trim())) return false;
  const digits = digitsOf(value);
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

/** A CNPJ, masked ('11.222.333/0001-81') or not, with both check digits right. */
export function isCnpj(value: string): boolean {
  if (!/^(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{14})$/.test(value.trim())) return false;
  const digits = digitsOf(value);
  if (/^(\d)\1{13}$/.test(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[12]) && second === Number(digits[13]);
}

/** DDD: two digits 1-9 (11..99, no 0 in either place). */
const ddd = '[1-9]{2}';
const phonePattern = new RegExp(`^(\\(${ddd}\\) ?|${ddd} ?)[2-5]\\d{3}-?\\d{4}$`);
const mobilePattern = new RegExp(`^(\\(${ddd}\\) ?|${ddd} ?)9\\d{4}-?\\d{4}$`);

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

function isDateBr(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return !!match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isDateTimeBr(value: string): boolean {
  const [date = '', time = '', ...rest] = value.split(' ');
  return !rest.length && isDateBr(date) && isTime(time);
}

/** pt-BR ('1.234,56', '1234,5') or plain ('1234.56', '-3') numbers. */
function isNumber(value: string): boolean {
  return (
    /^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(value) ||
    /^-?\d+(,\d+)?$/.test(value) ||
    /^-?\d+(\.\d+)?$/.test(value)
  );
}

const checks: Record<Exclude<FormValidation, ''>, [(value: string) => boolean, string]> = {
  email: [(value) => isEmail(value), m.invalidEmail],
  cpf: [isCpf, m.invalidCpf],
  cnpj: [isCnpj, m.invalidCnpj],
  telefone_br: [(value) => phonePattern.test(value), m.invalidPhone],
  celular_br: [(value) => mobilePattern.test(value), m.invalidMobile],
  date_br: [isDateBr, m.invalidDate],
  datetime_br: [isDateTimeBr, m.invalidDateTime],
  time: [isTime, m.invalidTime],
  cep: [(value) => /^(\d{5}-\d{3}|\d{8})$/.test(value), m.invalidCep],
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
  number: [isNumber, m.invalidNumber],
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

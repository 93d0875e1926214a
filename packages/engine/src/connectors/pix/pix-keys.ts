import isEmail from 'validator/lib/isEmail.js';
import { cnpjCharacters, isCnpj, isCpf } from '@ponte/shared/brazil/documents';
import { isMobile } from '@ponte/shared/brazil/phones';

/** The five kinds of Pix key the DICT holds (Regulamento do Pix; API DICT, "Chave"). */
export const pixKeyTypes = ['cpf', 'cnpj', 'email', 'telefone', 'evp'] as const;
export type PixKeyType = (typeof pixKeyTypes)[number];

const typeNames: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'e-mail',
  telefone: 'telefone celular',
  evp: 'chave aleatória',
};

/** A key as the DICT writes it, or why it is not one (pt-BR). */
export type PixKeyCheck =
  | { valida: true; tipo: PixKeyType; chave: string }
  | { valida: false; tipo: PixKeyType | null; motivo: string };

/** Longest e-mail key the DICT accepts (API DICT, "Chave": 77 characters). */
const emailMaxLength = 77;

/** A random key (EVP): a UUID in its 36-character text form. */
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refuse(tipo: PixKeyType | null, motivo: string): PixKeyCheck {
  return { valida: false, tipo, motivo };
}

function checkCpf(text: string): PixKeyCheck {
  if (!isCpf(text)) return refuse('cpf', 'CPF inválido: os dígitos verificadores não conferem.');
  return { valida: true, tipo: 'cpf', chave: text.replace(/\D/g, '') };
}

function checkCnpj(text: string): PixKeyCheck {
  if (!cnpjCharacters(text)) {
    return refuse('cnpj', 'CNPJ inválido: são 12 letras ou dígitos seguidos de 2 dígitos.');
  }
  if (!isCnpj(text)) return refuse('cnpj', 'CNPJ inválido: os dígitos verificadores não conferem.');
  return { valida: true, tipo: 'cnpj', chave: cnpjCharacters(text) };
}

function checkEmail(text: string): PixKeyCheck {
  const email = text.toLowerCase();
  if (email.length > emailMaxLength) {
    return refuse(
      'email',
      `E-mail longo demais para uma chave Pix (máximo ${emailMaxLength} caracteres).`,
    );
  }
  if (!isEmail(email)) return refuse('email', 'E-mail inválido.');
  return { valida: true, tipo: 'email', chave: email };
}

/** A mobile phone of a Brazilian area code, written as the DICT keeps it: '+55' DDD number. */
function checkPhone(text: string): PixKeyCheck {
  if (/^\+/.test(text) && !/^\+\s*55/.test(text)) {
    return refuse('telefone', 'Telefone inválido: a chave Pix é um celular do Brasil (+55).');
  }
  if (!isMobile(text)) {
    return refuse(
      'telefone',
      'Telefone inválido: informe um celular com DDD, como +55 11 91234-5678.',
    );
  }
  const digits = text.replace(/\D/g, '');
  return { valida: true, tipo: 'telefone', chave: `+55${digits.slice(-11)}` };
}

function checkEvp(text: string): PixKeyCheck {
  if (!uuidShape.test(text)) {
    return refuse(
      'evp',
      'Chave aleatória inválida: são 32 caracteres hexadecimais com hífens (UUID).',
    );
  }
  return { valida: true, tipo: 'evp', chave: text.toLowerCase() };
}

const checks: Record<PixKeyType, (text: string) => PixKeyCheck> = {
  cpf: checkCpf,
  cnpj: checkCnpj,
  email: checkEmail,
  telefone: checkPhone,
  evp: checkEvp,
};

/**
 * The type a key looks like: '@' is an e-mail, a leading '+' a phone, a UUID a random key,
 * 11 digits (with or without the CPF's dots and hyphen) a CPF, 14 letters or digits a CNPJ,
 * anything else shaped as a phone number with DDD a phone. A mobile written without +55
 * whose 11 digits are run together reads as a CPF: the DICT writes phones with '+55'.
 */
function guessType(text: string): PixKeyType | null {
  if (text.includes('@')) return 'email';
  if (text.startsWith('+')) return 'telefone';
  if (uuidShape.test(text)) return 'evp';
  if (/^\d{3}[. ]?\d{3}[. ]?\d{3}[- ]?\d{2}$/.test(text)) return 'cpf';
  if (cnpjCharacters(text)) return 'cnpj';
  if (/^[\d() -]+$/.test(text) && /\d/.test(text)) return 'telefone';
  return null;
}

/**
 * Classifies and validates a Pix key: CPF and CNPJ (numeric or alphanumeric) with their check
 * digits, e-mail, Brazilian mobile phone, random key (EVP). Without `type` the type is
 * guessed from the key's shape. The key comes back as the DICT writes it: CPF and CNPJ
 * without separators (an alphanumeric CNPJ upper-case), phone '+55' DDD number, e-mail and
 * random key lower-case.
 */
export function checkPixKey(value: string, type?: PixKeyType): PixKeyCheck {
  const text = value.trim();
  if (!text) return refuse(type ?? null, 'Informe a chave Pix.');
  const tipo = type ?? guessType(text);
  if (!tipo) {
    return refuse(
      null,
      'Não é uma chave Pix: informe um CPF, um CNPJ, um e-mail, um celular com +55 ou uma chave aleatória.',
    );
  }
  const check = checks[tipo](text);
  // 11 digits run together were read as a CPF: a person who typed a mobile learns how to write it.
  if (!check.valida && !type && tipo === 'cpf' && /^\d{11}$/.test(text)) {
    return { ...check, motivo: `${check.motivo} Se é um celular, escreva-o com +55.` };
  }
  return check;
}

/** How a key type is named to a person ('telefone celular', 'chave aleatória'). */
export function pixKeyTypeName(type: PixKeyType): string {
  return typeNames[type];
}

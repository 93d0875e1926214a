import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import { cnpjCharacters, isCnpj, isCpf } from '@ponte/shared/brazil/documents';

/**
 * The values a person types in the Bling node, turned into what Bling's API v3 takes
 * (https://developer.bling.com.br/referencia): numbers as JSON numbers, documents without
 * punctuation, dates as AAAA-MM-DD. Each refusal names the node's field, before any call.
 */

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A number typed as '1.234,56', '1234.56' or given as a number; undefined when left empty. */
export function brNumber(value: unknown, label: string): number | undefined {
  if (!filled(value)) return undefined;
  const number = typeof value === 'number' ? value : parseBrNumber(String(value));
  if (number === null || !Number.isFinite(number)) {
    throw new Error(`"${label}" deve ser um número, como 1.234,56 (recebido: ${String(value)}).`);
  }
  return number;
}

/** A Bling id (a whole number) for a path or a body; the field's label in the refusal. */
export function blingId(value: unknown, label: string): number {
  const text = String(value ?? '').trim();
  if (!/^\d{1,19}$/.test(text)) {
    throw new Error(`"${label}" deve ser o número do registro no Bling (recebido: ${text}).`);
  }
  return Number(text);
}

/** Tipo de pessoa as Bling writes it: F (física), J (jurídica), E (estrangeira). */
export type PersonType = 'F' | 'J' | 'E';

/**
 * The CPF or CNPJ (numeric or alphanumeric, since July 2026) without punctuation, and the type
 * of person it gives when the node leaves it to the document; a foreigner's is sent as typed.
 */
export function personDocument(
  value: unknown,
  chosen: string,
): { numeroDocumento?: string; tipo?: PersonType } {
  const text = String(value ?? '').trim();
  const tipo = chosen === 'F' || chosen === 'J' || chosen === 'E' ? chosen : undefined;
  if (!text) return tipo ? { tipo } : {};
  if (tipo === 'E') return { numeroDocumento: text, tipo };
  if (tipo !== 'J' && isCpf(text)) return { numeroDocumento: text.replace(/\D/g, ''), tipo: 'F' };
  if (tipo !== 'F' && isCnpj(text)) return { numeroDocumento: cnpjCharacters(text), tipo: 'J' };
  const expected = tipo === 'F' ? 'um CPF' : tipo === 'J' ? 'um CNPJ' : 'um CPF ou CNPJ';
  throw new Error(`"CPF/CNPJ" não é ${expected} válido: ${text}.`);
}

/** A date typed as DD/MM/AAAA or AAAA-MM-DD, as Bling takes it (AAAA-MM-DD). */
export function blingDate(value: unknown, label: string): string | undefined {
  const text = String(value ?? '').trim();
  if (!text) return undefined;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : text.slice(0, 10);
  const date = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || date.toISOString().slice(0, 10) !== iso) {
    throw new Error(`"${label}" deve ser uma data como 31/12/2026 (recebido: ${text}).`);
  }
  return iso;
}

/** The object typed in a JSON param ('Campos adicionais', 'Filtros'); {} when left empty. */
export function jsonObject(value: unknown, label: string): Record<string, unknown> {
  if (!filled(value)) return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(`"${label}" não é um JSON válido.`);
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`"${label}" deve ser um objeto JSON, como {"observacoes": "..."}.`);
  }
  return parsed as Record<string, unknown>;
}

/** The entries given a value: an empty param sends nothing, not an empty field. */
export function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => filled(value)));
}

/**
 * The body: the node's defaults, then 'Campos adicionais', then the main fields the person
 * filled (a main field wins over the same key in the JSON; objects are merged one level deep).
 */
export function mergeBody(
  defaults: Record<string, unknown>,
  extra: Record<string, unknown>,
  main: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...defaults, ...extra };
  for (const [key, value] of Object.entries(present(main))) {
    const before = body[key];
    body[key] = isPlain(before) && isPlain(value) ? { ...before, ...value } : (value as unknown);
  }
  return body;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

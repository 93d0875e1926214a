import type { XmlNode } from './nfe-xml';

/**
 * Readers of the values of an NF-e tree (fast-xml-parser's output, every leaf a string): a
 * missing tag is null, numbers become numbers, dates ISO 8601.
 */

const isNode = (value: unknown): value is XmlNode =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The group `name` of `node` (the first one when it repeats), or an empty one. */
export function group(node: XmlNode | undefined, name: string): XmlNode {
  const value = node?.[name];
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return isNode(first) ? first : {};
}

/** Whether `node` has the group or tag `name`. */
export const has = (node: XmlNode | undefined, name: string) => node?.[name] !== undefined;

/** The groups `name` of `node`, always a list. */
export function list(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  const all = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  return all.filter(isNode);
}

/** The text of tag `name` (an attribute when it starts with '@_'), or null. */
export function text(node: XmlNode | undefined, name: string): string | null {
  const value = node?.[name];
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return null;
}

/** A decimal of the NF-e ('1234.56'), or null. */
export function num(node: XmlNode | undefined, name: string): number | null {
  const value = text(node, name);
  if (value === null || value === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A date-time of the NF-e ('2018-09-25T15:14:00-03:00') in UTC ISO 8601, or null. */
export function dateTime(node: XmlNode | undefined, name: string): string | null {
  const value = text(node, name);
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}

/** The first of the tags present (CNPJ or CPF…), as `{tag, value}`. */
export function firstOf(node: XmlNode | undefined, names: readonly string[]) {
  for (const name of names) {
    const value = text(node, name);
    if (value !== null) return { tag: name, value };
  }
  return null;
}

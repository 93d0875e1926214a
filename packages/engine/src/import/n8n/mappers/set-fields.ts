import type { MapContext, Mapped } from '../n8n-workflow';
import { passThrough } from './pass-through';

/** n8n's Set / Edit Fields (v1–v3.4) as `core_set` over `msg.payload` (ADR 0135). */

type Row = { path: string; value: unknown };

/** `{{ x }}` → `x`; anything else → null. */
const whole = (value: unknown) =>
  typeof value === 'string' ? (/^\{\{ ([\s\S]*) \}\}$/.exec(value)?.[1] ?? null) : null;

/** A value that is not text, as a Ponte template that keeps its type. */
const typed = (value: unknown) =>
  typeof value === 'string' ? value : `{{ ${JSON.stringify(value)} }}`;

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** A conversion that leaves a missing or null value null, as n8n does. */
const converted = (x: string, conversion: string) =>
  `{{ ($v := ${x}; $exists($v) and $v != null ? ${conversion} : null) }}`;

const booleanOf = (x: string) =>
  converted(
    x,
    '($type($v) = "boolean" ? $v : $type($v) = "number" ? $v != 0 : $lowercase($string($v)) in ["true", "1", "yes", "t", "y"])',
  );

/** One v3 field of a type: the value as Ponte's, converted as n8n converts it. */
function fieldValue(context: MapContext, type: string, raw: unknown, lenient: boolean): unknown {
  const value = context.value(raw);
  const inner = whole(value);
  const isExpression = typeof raw === 'string' && raw.startsWith('=');
  if (!isExpression) {
    if (
      type === 'number' &&
      typeof raw === 'string' &&
      raw.trim() !== '' &&
      !Number.isNaN(Number(raw))
    )
      return typed(Number(raw));
    if (type === 'boolean' && typeof raw === 'string')
      return typed(['true', '1', 'yes'].includes(raw.toLowerCase()));
    if ((type === 'array' || type === 'object') && typeof raw === 'string') {
      const parsed = parseJson(raw);
      if (parsed.ok) return typed(parsed.value);
    }
    return typed(value);
  }
  if (!inner) return value;
  if (lenient && type !== 'string') {
    context.note(`"Ignorar erros de conversão": o valor ${inner} não é convertido para ${type}.`);
    return value;
  }
  if (type === 'string') return converted(inner, '$string($v)');
  if (type === 'number') return converted(inner, '$number($v)');
  if (type === 'boolean') return booleanOf(inner);
  if (type === 'array' || type === 'object')
    context.note(
      `O n8n lia um texto JSON como ${type === 'array' ? 'lista' : 'objeto'} em ${inner}; no Ponte o valor fica como vem.`,
    );
  return value;
}

const listOf = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The first row: what of the incoming payload stays (all, none, some). */
function keptRow(include: string, context: MapContext): Row | null {
  const p = context.params;
  if (include === 'all') return null;
  if (include === 'none') return { path: 'payload', value: '{{ {} }}' };
  const fields = JSON.stringify(listOf(include === 'selected' ? p.includeFields : p.excludeFields));
  const test = include === 'selected' ? `$k in ${fields}` : `$not($k in ${fields})`;
  return {
    path: 'payload',
    value: `{{ $merge([{}, $sift(msg.payload, function($v, $k) { ${test} })]) }}`,
  };
}

function includeMode(context: MapContext): string {
  const p = context.params;
  const version = context.node.typeVersion ?? 1;
  // An expression ("=…") here is not evaluated: only a plain `true` keeps the set fields only.
  if (version < 3) return p.keepOnlySet === true ? 'none' : 'all';
  if (version >= 3.3) return p.includeOtherFields ? String(p.include ?? 'all') : 'none';
  return String(p.include ?? 'all');
}

/** v1 keeps what an expression gives; v2 makes a number of a "number" row, as n8n does. */
function v1Rows(context: MapContext): Row[] {
  const values = context.params.values ?? {};
  const convert = (context.node.typeVersion ?? 1) >= 2;
  const rows: Row[] = [];
  for (const type of ['string', 'number', 'boolean']) {
    for (const field of (values[type] ?? []) as Record<string, unknown>[]) {
      const raw = field.value ?? (type === 'boolean' ? false : type === 'number' ? 0 : '');
      const value = context.value(raw);
      const inner = whole(value);
      rows.push({
        path: String(field.name ?? ''),
        value:
          convert && type === 'number' && inner ? converted(inner, '$number($v)') : typed(value),
      });
    }
  }
  return rows;
}

function v3Rows(context: MapContext): Row[] {
  const p = context.params;
  const lenient = !!p.options?.ignoreConversionErrors;
  if ((context.node.typeVersion ?? 1) >= 3.3) {
    return ((p.assignments?.assignments ?? []) as Record<string, unknown>[]).map((field) => ({
      path: String(field.name ?? ''),
      value: fieldValue(context, String(field.type ?? 'string'), field.value, lenient),
    }));
  }
  return ((p.fields?.values ?? []) as Record<string, unknown>[]).map((field) => {
    const type = String(field.type ?? 'stringValue').replace(/Value$/, '');
    return {
      path: String(field.name ?? ''),
      value: fieldValue(context, type, field[`${type}Value`], lenient),
    };
  });
}

function rawRows(context: MapContext): Row[] {
  const json = context.params.jsonOutput ?? '{}';
  if (typeof json === 'string' && !json.startsWith('=')) {
    const parsed = parseJson(json);
    if (
      parsed.ok &&
      parsed.value &&
      typeof parsed.value === 'object' &&
      !Array.isArray(parsed.value)
    )
      return Object.entries(parsed.value).map(([path, value]) => ({ path, value: typed(value) }));
  }
  const value = context.value(json);
  const inner = whole(value);
  context.note(
    'O JSON do modo "Raw" foi montado por expressão: os campos dele entram em msg.payload.',
  );
  return [{ path: '', value: inner ? `{{ $merge([msg.payload, ${inner}]) }}` : value }];
}

export const setFields = (context: MapContext): Mapped => {
  const p = context.params;
  const version = context.node.typeVersion ?? 1;
  const raw = version >= 3 && p.mode === 'raw';
  const all = version < 3 ? v1Rows(context) : raw ? rawRows(context) : v3Rows(context);
  // A field with no name (a row left empty in n8n's editor) would replace the whole payload.
  const rows = raw ? all : all.filter((row) => row.path.trim() !== '');
  if (rows.length < all.length) context.note('Um campo sem nome não foi definido.');
  const dotNotation = p.options?.dotNotation !== false;
  if (!dotNotation && rows.some((row) => row.path.includes('.')))
    context.note(
      'Sem "notação de ponto" no n8n, um nome com ponto era um campo só; no Ponte o ponto cria objetos aninhados.',
    );
  const kept = keptRow(includeMode(context), context);
  // Nothing to set and everything kept: the item goes on as it came.
  if (!kept && !rows.length) return passThrough('Definir valores sem campos');
  const values = [
    ...(kept ? [kept] : []),
    ...rows.map((row) => ({
      path: row.path ? `payload.${row.path}` : 'payload',
      value: row.value,
    })),
  ];
  return { type: 'core_set', params: { target: 'msg', values }, outputs: [['default']] };
};

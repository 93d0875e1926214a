/**
 * Node-RED property paths (`payload.itens[0]["nome completo"]`) read into segments, and
 * written as a JSONata path or as the dotted path of Ponte's 'Definir valores'.
 */
export type PathSegment = string | number;

const identifier = /^[A-Za-z_$][\w$]*$/;

/** The segments of a Node-RED path, or null when it cannot be read. */
export function parsePath(path: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  let at = 0;
  const source = path.trim();
  if (!source) return null;
  while (at < source.length) {
    const char = source[at]!;
    if (char === '.') {
      if (at === 0) return null;
      at++;
      continue;
    }
    if (char === '[') {
      const close = readBracket(source, at);
      if (!close) return null;
      segments.push(close.segment);
      at = close.end;
      continue;
    }
    const match = /^[^.[\]]+/.exec(source.slice(at));
    if (!match) return null;
    segments.push(match[0].trim());
    at += match[0].length;
  }
  return segments.length ? segments : null;
}

function readBracket(source: string, at: number): { segment: PathSegment; end: number } | null {
  const end = source.indexOf(']', at);
  if (end < 0) return null;
  const inner = source.slice(at + 1, end).trim();
  if (/^\d+$/.test(inner)) return { segment: Number(inner), end: end + 1 };
  const quoted = /^(["'])(.*)\1$/.exec(inner);
  if (quoted) {
    // A quoted key may hold `]`: look for the closing quote first.
    return { segment: quoted[2]!, end: end + 1 };
  }
  return null;
}

/** `root.a.b[0].\`c d\`` for JSONata. */
export function jsonataPath(root: string, segments: PathSegment[]): string {
  let out = root;
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (identifier.test(segment)) out += `.${segment}`;
    else out += `.\`${segment.replace(/`/g, '')}\``;
  }
  return out;
}

/** The dotted path Ponte's setPath reads, or null when a key holds a dot. */
export function dottedPath(segments: PathSegment[]): string | null {
  const keys = segments.map(String);
  if (keys.some((key) => key.includes('.') || !key.trim())) return null;
  return keys.join('.');
}

/** The JSONata reference to a Node-RED path on `msg`, `flow` data or `global` (flow data `global.`). */
export function referenceOf(kind: 'msg' | 'flow' | 'global', path: string): string | null {
  const segments = parsePath(path);
  if (!segments) return null;
  if (kind === 'msg') return jsonataPath('msg', segments);
  if (kind === 'flow') return jsonataPath('flow', segments);
  return jsonataPath('flow.global', segments);
}

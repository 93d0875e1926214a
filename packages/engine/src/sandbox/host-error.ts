/**
 * A failure of the host as it crosses into the isolate: its name, its message with no server
 * path, and its stable code when it has one. Nothing else of the host error goes in (no stack,
 * no cause, no other property): the isolate makes a new error of its own from these.
 */
export interface CrossingError {
  name: string;
  message: string;
  code?: string;
}

const names = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const codes = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * An absolute path: not part of a URL (`https://host/a/b` has a letter before `/a`, `//host` a
 * colon) nor of a MIME type (`text/html`). Its last character is not a sentence's `.` or `:`.
 */
const posixPath = /(?<![\w.~:/\\-])\/[^\s'"`()<>,;]*[^\s'"`()<>,;.:]/g;
const windowsPath = /(?<![\w])[A-Za-z]:\\[^\s'"`()<>,;]*/g;
const fileUrl = /\bfile:\/\/[^\s'"`()<>,;]*/gi;
/** A stack frame pasted into a message (`    at fn (…)`, always indented). */
const stackLine = /^[ \t]+at \S.*$\n?/gm;

/** `…/main.js` for `/srv/ponte/dist/main.js:10:5`: the file's name, not where it is. */
function hidden(path: string): string {
  const last = path.split(/[\\/]/).filter(Boolean).pop() ?? '';
  const name = last.replace(/(?::\d+){1,2}$/, '');
  return name ? `…/${name}` : '…';
}

/**
 * The message with every server path hidden, whatever folder Ponte runs from: `known` paths (a
 * system error's `path` and `dest`), `file://` URLs, Windows paths, absolute POSIX paths of two
 * segments or more (`/srv/ponte/dist/main.js:10:5` becomes `…/main.js`), and stack frames. A
 * single segment (`/x`) stays: it names no folder.
 */
export function withoutServerPaths(message: string, known: readonly string[] = []): string {
  let text = message;
  for (const path of known) if (path) text = text.split(path).join(hidden(path));
  return text
    .replace(stackLine, '')
    .replace(fileUrl, hidden)
    .replace(windowsPath, hidden)
    .replace(posixPath, (path) =>
      path.split('/').filter(Boolean).length >= 2 ? hidden(path) : path,
    )
    .trimEnd();
}

/** What of `error` (anything the host threw) crosses into the isolate. */
export function crossingError(error: unknown): CrossingError {
  const fields =
    error !== null && typeof error === 'object' ? (error as Record<string, unknown>) : {};
  const raw = 'message' in fields ? String(fields.message) : String(error);
  // A system error (ENOENT, EACCES…) names its files in `path` and `dest`.
  const known = [fields.path, fields.dest].filter(
    (item): item is string => typeof item === 'string' && item.length > 1 && /[\\/]/.test(item),
  );
  const name = typeof fields.name === 'string' && names.test(fields.name) ? fields.name : 'Error';
  const code = typeof fields.code === 'string' && codes.test(fields.code) ? fields.code : undefined;
  return { name, message: withoutServerPaths(raw, known), ...(code ? { code } : {}) };
}

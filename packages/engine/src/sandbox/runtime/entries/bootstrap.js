// Runs first in every sandbox context. The lockdown bounds the built-ins that take memory
// outside the isolate's limit; then the host bridges (opaque references that only copy plain
// data across) become the helpers user code sees, and are hidden.
import { limits } from './lockdown.js';

const host = {};
for (const name of ['getVar', 'getFlowData', 'setFlowData', 'log', 'sleep', 'fetch']) {
  host[name] = globalThis[`$${name}`];
  delete globalThis[`$${name}`];
}

// What the code sends is copied into the server's memory on each call: the limits are checked
// here, before the copy (the host checks again). See docs/adr/0017. The checks use built-ins
// captured now, before user code runs: the code may replace globals and prototypes.
const { apply } = Reflect;
const toText = String;
const { stringify, parse } = JSON;
const { slice } = String.prototype;
const { test } = RegExp.prototype;
const absoluteUrl = /^https?:\/\//i;
const Failure = Error;
const PromiseCtor = Promise;
const { then } = Promise.prototype;
const { defineProperty } = Object;
const cut = (value, end) => apply(slice, value, [0, end]);

// A host failure crosses as `{name, message, code}` (host-error.ts): the error the code sees is
// made here, inside the isolate, so it carries no host stack. The built-in kinds keep their
// class (`instanceof TypeError`); any other name is set on a plain Error.
const kinds = new Map([
  ['Error', Error],
  ['TypeError', TypeError],
  ['RangeError', RangeError],
  ['SyntaxError', SyntaxError],
  ['ReferenceError', ReferenceError],
  ['URIError', URIError],
  ['EvalError', EvalError],
]);
const { get: kindOf } = Map.prototype;
const fromHost = (failure) => {
  const Kind = apply(kindOf, kinds, [failure?.name]);
  const error = new (Kind ?? Failure)(toText(failure?.message ?? ''));
  const own = { writable: true, configurable: true, enumerable: false };
  if (!Kind) defineProperty(error, 'name', { ...own, value: toText(failure?.name ?? 'Error') });
  if (failure?.code !== undefined) defineProperty(error, 'code', { ...own, value: failure.code });
  return error;
};
/** The answer of a bridge: its value, or the host failure thrown as an isolate error. */
const unwrap = (answer) => {
  if (answer && 'error' in answer) throw fromHost(answer.error);
  return answer?.ok;
};

let waiting = 0;
const checkWaiting = () => {
  if (waiting >= limits.pendingCalls) throw new Failure(limits.pendingCallsMessage);
};
// Settles through the original `then`, so that code replacing Promise's `then` or
// `constructor` cannot make a call look finished while the host still holds it.
const call = (ref, args) =>
  new PromiseCtor((resolve, reject) => {
    checkWaiting();
    waiting++;
    const asked = ref.apply(undefined, args, {
      arguments: { copy: true },
      result: { promise: true, copy: true },
    });
    apply(then, asked, [
      (answer) => {
        waiting--;
        if (answer && 'error' in answer) reject(fromHost(answer.error));
        else resolve(answer?.ok);
      },
      // The reference itself failed (the run is over): a new error, only its message.
      (error) => {
        waiting--;
        reject(fromHost({ name: 'Error', message: error?.message ?? error }));
      },
    ]);
  });
const callSync = (ref, args) =>
  unwrap(ref.applySync(undefined, args, { arguments: { copy: true }, result: { copy: true } }));

const plain = (value) => (value === undefined ? null : parse(stringify(value)));
const text = (value) => {
  if (typeof value === 'string') return value;
  try {
    return stringify(value) ?? toText(value);
  } catch {
    return toText(value);
  }
};
const shown = (path) => (path.length > 60 ? `${cut(path, 60)}…` : path);

// No variable has a longer name: such a name is not sent.
globalThis.getVar = async (key) => {
  const name = toText(key);
  return name.length > limits.variableKeyChars ? undefined : call(host.getVar, [name]);
};
// No stored path is longer: such a path is not sent.
globalThis.getFlowData = (path) => {
  const where = path === undefined ? '' : toText(path);
  return where.length > limits.flowDataPathChars ? undefined : callSync(host.getFlowData, [where]);
};
globalThis.setFlowData = (path, value) => {
  const where = toText(path);
  if (where.length > limits.flowDataPathChars) throw new Failure(limits.flowDataPathMessage);
  const json = value === undefined ? 'null' : stringify(value);
  // Longer than the limit in characters is longer in bytes: refused without sending it.
  if (json !== undefined && json.length > limits.flowDataBytes) {
    const [before, after] = limits.flowDataBytesMessage;
    throw new Failure(before + shown(where) + after);
  }
  callSync(host.setFlowData, [where, json === undefined ? plain(value) : parse(json)]);
};

// Once the execution's log is full, lines are not sent any more.
let logging = true;
const logger =
  (level) =>
  (...args) => {
    if (!logging) return;
    let line = '';
    for (let i = 0; i < args.length; i++) line += (i ? ' ' : '') + text(args[i]);
    const sent = line.length > limits.logChars ? cut(line, limits.logChars) : line;
    logging = callSync(host.log, [level, sent]) !== false;
  };
globalThis.console = {
  log: logger('log'),
  info: logger('info'),
  warn: logger('warn'),
  error: logger('error'),
  debug: logger('debug'),
};
globalThis.log = logger('log');

globalThis.toSlug = (value) =>
  String(value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

globalThis.jsonStringify = (value, indent) => {
  const seen = new WeakSet();
  return JSON.stringify(
    value,
    (_key, item) => {
      if (item && typeof item === 'object') {
        if (seen.has(item)) return '[Circular]';
        seen.add(item);
      }
      return typeof item === 'bigint' ? item.toString() : item;
    },
    indent,
  );
};

// Timers, driven by the host clock (the isolate has none).
let timerIds = 0;
const timers = new Map();
// A cleared timer still waits on the host until its time: it counts as waiting until then.
globalThis.setTimeout = (fn, ms = 0, ...args) => {
  checkWaiting();
  const id = ++timerIds;
  timers.set(id, true);
  call(host.sleep, [Math.max(0, Number(ms) || 0)]).then(
    () => {
      if (!timers.delete(id)) return;
      if (typeof fn === 'function') fn(...args);
    },
    () => timers.delete(id),
  );
  return id;
};
globalThis.clearTimeout = (id) => void timers.delete(id);

class AbortSignal {
  constructor() {
    this.aborted = false;
    this.reason = undefined;
    this.listeners = [];
    this.onabort = null;
  }
  addEventListener(type, fn) {
    if (type === 'abort') this.listeners.push(fn);
  }
  removeEventListener(type, fn) {
    this.listeners = this.listeners.filter((item) => item !== fn);
  }
  throwIfAborted() {
    if (this.aborted) throw this.reason;
  }
}
class AbortController {
  constructor() {
    this.signal = new AbortSignal();
  }
  abort(reason) {
    const signal = this.signal;
    if (signal.aborted) return;
    signal.aborted = true;
    signal.reason = reason ?? new Error('This operation was aborted');
    for (const fn of [...signal.listeners]) fn({ type: 'abort' });
    signal.onabort?.({ type: 'abort' });
  }
}
globalThis.AbortController = AbortController;
globalThis.AbortSignal = AbortSignal;

class Headers {
  constructor(init) {
    this.map = new Map();
    if (init instanceof Headers) init.forEach((value, key) => this.append(key, value));
    else if (Array.isArray(init)) for (const [key, value] of init) this.append(key, value);
    else if (init) for (const key of Object.keys(init)) this.append(key, init[key]);
  }
  append(key, value) {
    const name = String(key).toLowerCase();
    const current = this.map.get(name);
    this.map.set(name, current === undefined ? String(value) : `${current}, ${value}`);
  }
  set(key, value) {
    this.map.set(String(key).toLowerCase(), String(value));
  }
  get(key) {
    return this.map.get(String(key).toLowerCase()) ?? null;
  }
  has(key) {
    return this.map.has(String(key).toLowerCase());
  }
  delete(key) {
    this.map.delete(String(key).toLowerCase());
  }
  forEach(fn) {
    for (const [key, value] of this.map) fn(value, key, this);
  }
  entries() {
    return this.map.entries();
  }
  keys() {
    return this.map.keys();
  }
  values() {
    return this.map.values();
  }
  [Symbol.iterator]() {
    return this.map.entries();
  }
}
globalThis.Headers = Headers;

// Only for `instanceof` checks of libraries: the sandbox sends no multipart bodies.
class FormData {
  constructor() {
    this.entries = [];
  }
  append(key, value) {
    this.entries.push([String(key), value]);
  }
}
globalThis.FormData = FormData;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function fromBase64(value) {
  const clean = value.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const char of clean) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}
function toBase64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += alphabet[(n >> 18) & 63] + alphabet[(n >> 12) & 63];
    out += i + 1 < bytes.length ? alphabet[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? alphabet[n & 63] : '=';
  }
  return out;
}

/** UTF-8 bytes of a text (the host sends a UTF-8 body once, as text); two passes, no copies. */
function utf8Bytes(text) {
  const walk = (put) => {
    let at = 0;
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
      if (code < 0x80) put(at++, code);
      else if (code < 0x800) {
        put(at++, 0xc0 | (code >> 6));
        put(at++, 0x80 | (code & 63));
      } else if (code < 0x10000) {
        put(at++, 0xe0 | (code >> 12));
        put(at++, 0x80 | ((code >> 6) & 63));
        put(at++, 0x80 | (code & 63));
      } else {
        put(at++, 0xf0 | (code >> 18));
        put(at++, 0x80 | ((code >> 12) & 63));
        put(at++, 0x80 | ((code >> 6) & 63));
        put(at++, 0x80 | (code & 63));
      }
    }
    return at;
  };
  const bytes = new Uint8Array(walk(() => undefined));
  walk((at, byte) => (bytes[at] = byte));
  return bytes;
}
/** The body's bytes: base64 when it is not UTF-8, else the text encoded again. */
const bodyBytes = (answer) =>
  answer.base64 === undefined ? utf8Bytes(answer.text) : fromBase64(answer.base64);

class Response {
  constructor(answer) {
    this.status = answer.status;
    this.statusText = answer.statusText;
    this.ok = answer.status >= 200 && answer.status < 300;
    this.headers = new Headers(answer.headers);
    this.url = answer.url;
    this.bodyUsed = false;
    this.answer = answer;
  }
  async text() {
    this.bodyUsed = true;
    return this.answer.text;
  }
  async json() {
    return JSON.parse(await this.text());
  }
  async arrayBuffer() {
    this.bodyUsed = true;
    return bodyBytes(this.answer).buffer;
  }
}
globalThis.Response = Response;

// A request waits here for its turn, its body still in the isolate: only a few are copied to
// the host at once.
// The turns are a chain of plain objects and callbacks (no array methods, no await), so that
// code replacing built-ins cannot skip its turn.
let fetching = 0;
let firstTurn = null;
let lastTurn = null;
const fetchTurn = (start) => {
  if (fetching < limits.concurrentFetches) {
    fetching++;
    start();
    return;
  }
  const turn = { start, next: null };
  if (lastTurn) lastTurn.next = turn;
  else firstTurn = turn;
  lastTurn = turn;
};
const fetchDone = () => {
  const turn = firstTurn;
  if (!turn) {
    fetching--;
    return;
  }
  firstTurn = turn.next;
  if (!firstTurn) lastTurn = null;
  turn.start();
};

/**
 * What crosses to the host: url, method, headers, a text or base64 body and, for
 * serviceAccount(name), the name of the connector's param holding the account.
 */
const send = (url, method, headers, body, account) =>
  new PromiseCtor((resolve, reject) => {
    // Without a service account only http(s) addresses go out: refused here, so the message
    // shows the address as the code wrote it (the host checks again).
    const address = toText(url);
    if (account === undefined && !apply(test, absoluteUrl, [address])) {
      reject(new Failure(`URL inválida: ${address}`));
      return;
    }
    fetchTurn(() => {
      let asked;
      try {
        let payload;
        if (body === undefined || body === null) payload = undefined;
        else if (typeof body === 'string') payload = { text: body };
        else if (body instanceof ArrayBuffer) payload = { base64: toBase64(new Uint8Array(body)) };
        else if (ArrayBuffer.isView(body))
          payload = {
            base64: toBase64(new Uint8Array(body.buffer, body.byteOffset, body.byteLength)),
          };
        else payload = { text: String(body) };
        asked = call(host.fetch, [
          {
            url: address,
            method: String(method || 'GET').toUpperCase(),
            headers,
            body: payload,
            ...(account === undefined ? {} : { account }),
          },
        ]);
      } catch (error) {
        fetchDone();
        reject(error);
        return;
      }
      apply(then, asked, [
        (answer) => {
          fetchDone();
          resolve(answer);
        },
        (error) => {
          fetchDone();
          reject(error);
        },
      ]);
    });
  });

globalThis.fetch = async (input, init = {}) => {
  const url = typeof input === 'string' ? input : (input.url ?? String(input));
  const headers = {};
  new Headers(init.headers ?? (typeof input === 'object' ? input.headers : undefined)).forEach(
    (value, key) => {
      headers[key] = value;
    },
  );
  if (init.signal?.aborted) throw init.signal.reason;
  const answer = await send(url, init.method ?? input.method, headers, init.body);
  if (init.signal?.aborted) throw init.signal.reason;
  return new Response({ ...answer, url });
};

// axios: every request goes through the same bridge.
const axiosAdapter = async (config, account) => {
  const axios = globalThis.axios;
  const headers = {};
  const source = config.headers?.toJSON ? config.headers.toJSON() : (config.headers ?? {});
  for (const key of Object.keys(source))
    if (source[key] !== undefined && source[key] !== null) headers[key] = String(source[key]);
  const answer = await send(axios.getUri(config), config.method, headers, config.data, account);
  const response = {
    data: config.responseType === 'arraybuffer' ? bodyBytes(answer).buffer : answer.text,
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
    config,
    request: {},
  };
  const valid = config.validateStatus ? config.validateStatus(answer.status) : true;
  if (valid) return response;
  throw new axios.AxiosError(
    `Request failed with status code ${answer.status}`,
    answer.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    config,
    response.request,
    response,
  );
};
globalThis.__ponteAxiosAdapter = (config) => axiosAdapter(config, undefined);

// A connector's service account (docs/adr/0041): an axios whose requests the host sends with the
// account chosen in the param `name`. The account's secret stays on the host.
globalThis.serviceAccount = (name) => {
  const account = toText(name);
  return globalThis.axios.create({ adapter: (config) => axiosAdapter(config, account) });
};

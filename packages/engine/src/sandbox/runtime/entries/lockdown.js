// Runs first in every sandbox context, before the helpers, the libraries and user code.
// The isolate's memory limit counts V8's heap and the ArrayBuffers its allocator hands out;
// a few built-ins take memory elsewhere, outside that limit and in the server's own memory
// (docs/adr/0017). They are removed or bounded here. Every original is kept only in this
// closure: user code sees the replacements wherever it looks (global, prototype.constructor).
export const limits = globalThis.$limits;
delete globalThis.$limits;

const refuse = (message) => {
  throw new Error(message);
};
const hide = (target, name, value) =>
  Object.defineProperty(target, name, { value, writable: true, configurable: true });
/** A replacement constructor keeps the original's prototype and static members. */
const replaceConstructor = (owner, name, original, replacement) => {
  const members = Object.getOwnPropertyDescriptors(original);
  delete members.length;
  delete members.name;
  delete members.prototype;
  Object.defineProperties(replacement, members);
  Object.defineProperty(replacement, 'prototype', { value: original.prototype });
  Object.defineProperty(replacement, 'name', { value: name });
  hide(original.prototype, 'constructor', replacement);
  hide(owner, name, replacement);
};

// isolated-vm 5's contexts on Node 20 name Math.E wrongly (`Math["'"]`): the constant is put back
// under its own name, as the standard defines it.
if (!Object.prototype.hasOwnProperty.call(Math, 'E')) {
  Object.defineProperty(Math, 'E', { value: 2.718281828459045 });
}

// WebAssembly.Memory reserves its pages outside the isolate's heap (and keeps them).
const noWasm = () => refuse('WebAssembly não está disponível no código.');
const wasm = {};
for (const name of Object.getOwnPropertyNames(globalThis.WebAssembly ?? {})) {
  hide(wasm, name, function () {
    noWasm();
  });
}
hide(globalThis, 'WebAssembly', Object.freeze(wasm));

// Growable SharedArrayBuffers are committed outside the limit too; with no other thread in
// the isolate, a SharedArrayBuffer has no use.
delete globalThis.SharedArrayBuffer;

// A resizable ArrayBuffer (`maxByteLength`) is also committed outside the limit: the
// constructor takes only a length, so every ArrayBuffer comes from the limited allocator.
const OriginalArrayBuffer = globalThis.ArrayBuffer;
const FixedArrayBuffer = function ArrayBuffer(length, options) {
  if (!new.target) refuse("Construtor ArrayBuffer não pode ser chamado sem 'new'.");
  if (options !== undefined && options !== null && typeof options === 'object') {
    if ('maxByteLength' in options)
      refuse('ArrayBuffer redimensionável (maxByteLength) não está disponível no código.');
  }
  // The options never reach the original: a getter could answer differently the second time.
  return Reflect.construct(OriginalArrayBuffer, [length], new.target);
};
replaceConstructor(globalThis, 'ArrayBuffer', OriginalArrayBuffer, FixedArrayBuffer);

// Each Intl object holds ICU data outside the heap (a DateTimeFormat about 27 KB): a run may
// create a bounded number of them; a formatter is meant to be created once and reused.
const intl = globalThis.Intl;
let intlObjects = 0;
const countIntl = () => {
  if (++intlObjects > limits.intlObjects) {
    refuse(
      `O código criou mais de ${limits.intlObjects.toLocaleString('pt-BR')} objetos Intl ` +
        'nesta execução; crie o formatador uma vez e reutilize-o.',
    );
  }
};
for (const name of Object.getOwnPropertyNames(intl)) {
  const original = intl[name];
  if (typeof original !== 'function' || !original.prototype) continue;
  const counted = function (...args) {
    countIntl();
    return new.target
      ? Reflect.construct(original, args, new.target)
      : Reflect.apply(original, this, args);
  };
  replaceConstructor(intl, name, original, counted);
}
// A Locale makes new ones without its constructor.
for (const name of ['maximize', 'minimize']) {
  const method = intl.Locale?.prototype[name];
  if (!method) continue;
  hide(
    intl.Locale.prototype,
    name,
    {
      [name]() {
        countIntl();
        return Reflect.apply(method, this, []);
      },
    }[name],
  );
}
// A segmentation copies its whole text outside the heap: the text segmented per run is bounded.
delete intl.v8BreakIterator;
if (intl.Segmenter) {
  const segment = intl.Segmenter.prototype.segment;
  let segmented = 0;
  hide(
    intl.Segmenter.prototype,
    'segment',
    {
      segment(input) {
        const text = String(input);
        segmented += text.length;
        if (segmented > limits.segmentedChars) {
          refuse(
            `O código passou do limite de ${limits.segmentedChars.toLocaleString('pt-BR')} ` +
              'caracteres segmentados (Intl.Segmenter) nesta execução.',
          );
        }
        countIntl();
        return Reflect.apply(segment, this, [text]);
      },
    }.segment,
  );
}

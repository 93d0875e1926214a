/**
 * The names the code of the 'Código' connector finds in its sandbox besides standard
 * JavaScript, each described by the editor's typings. The engine's sandbox test checks that the
 * sandbox defines exactly these (plus the few it keeps untyped); the editor's test checks that
 * the typings declare exactly these.
 */
export const sandboxGlobals = [
  'msg',
  'getVar',
  'getFlowData',
  'setFlowData',
  'toSlug',
  'jsonStringify',
  'log',
  'console',
  'setTimeout',
  'clearTimeout',
  'fetch',
  'moment',
  'axios',
  'OpenAI',
  'Buffer',
  'serviceAccount',
] as const;

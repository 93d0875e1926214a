/**
 * Gives Monaco's JavaScript service the connector's typings while a handler editor is open.
 * Loaded lazily (it pulls Monaco's TypeScript support in), like the editor itself.
 */
import { javascriptDefaults } from 'monaco-editor/languages/features/typescript/register';

const path = 'ts:ponte/connector-handler.d.ts';

/** Adds (or replaces) the typings; the returned function takes them away. */
export function addHandlerTypings(typings: string): () => void {
  const lib = javascriptDefaults.addExtraLib(typings, path);
  return () => lib.dispose();
}

/**
 * Monaco from the app's own bundle (no CDN): the editor core and features, the languages the
 * code-editor param offers, and their workers as Vite worker chunks. Imported only by the
 * lazily loaded editor, so none of it weighs on the main bundle.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/xml/register';
import 'monaco-editor/languages/features/css/register';
import 'monaco-editor/languages/features/html/register';
import 'monaco-editor/languages/features/json/register';
import {
  javascriptDefaults,
  ScriptTarget,
} from 'monaco-editor/languages/features/typescript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import CssWorker from 'monaco-editor/languages/features/css/css.worker?worker';
import HtmlWorker from 'monaco-editor/languages/features/html/html.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { englishQuickInputs } from './editor-commands';
import { sandboxSnippets, sandboxTypings } from './sandbox-typings';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    switch (label) {
      case 'json':
        return new JsonWorker();
      case 'css':
      case 'scss':
      case 'less':
        return new CssWorker();
      case 'html':
      case 'handlebars':
      case 'razor':
        return new HtmlWorker();
      case 'typescript':
      case 'javascript':
        return new TsWorker();
      default:
        return new EditorWorker();
    }
  },
};

/** TypeScript diagnostics that do not apply to the body of an async function. */
const topLevelReturn = 1108;
const topLevelAwait = [1375, 1378];

const registered = Symbol.for('ponte.monaco.sandboxCompletions');
type Flagged = typeof globalThis & { [registered]?: boolean };

/**
 * The sandbox globals for JavaScript: typings for the language service (completions, hovers,
 * signatures) and snippets for each helper. Once per page, even if this module is evaluated again
 * (hot reload).
 */
function registerSandboxCompletions() {
  const flagged = globalThis as Flagged;
  if (flagged[registered]) return;
  flagged[registered] = true;

  javascriptDefaults.setCompilerOptions({
    allowNonTsExtensions: true,
    allowJs: true,
    target: ScriptTarget.ES2020,
    // The sandbox is V8 without a browser: no DOM in the completions.
    lib: ['es2020'],
  });
  javascriptDefaults.setDiagnosticsOptions({
    noSemanticValidation: true,
    noSyntaxValidation: false,
    diagnosticCodesToIgnore: [topLevelReturn, ...topLevelAwait],
  });
  javascriptDefaults.addExtraLib(sandboxTypings, 'ts:ponte/sandbox.d.ts');

  monaco.languages.registerCompletionItemProvider('javascript', {
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(
        position.lineNumber,
        word.startColumn,
        position.lineNumber,
        word.endColumn,
      );
      return {
        suggestions: sandboxSnippets.map((snippet) => ({
          label: { label: snippet.name, description: snippet.detail },
          kind: monaco.languages.CompletionItemKind.Snippet,
          insertText: snippet.insertText,
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          detail: snippet.detail,
          documentation: snippet.documentation,
          // After the language service's own item of the same name.
          sortText: `~${snippet.name}`,
          range,
        })),
      };
    },
  });
}

registerSandboxCompletions();

const { KeyCode, KeyMod } = monaco;
const quickInputKeys: Record<string, number> = {
  'editor.action.quickCommand': KeyCode.F1,
  'editor.action.gotoLine': KeyMod.CtrlCmd | KeyCode.KeyG,
  'editor.action.quickOutline': KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyO,
};
/*
 * Monaco 0.57 has no pt-BR text (its pt-br bundle is empty): the keys that open its English
 * quick input do nothing; each editor binds F1 to the pt-BR palette (docs/adr/0080).
 */
monaco.editor.addKeybindingRules(
  englishQuickInputs.map((command) => ({
    keybinding: quickInputKeys[command]!,
    command: `-${command}`,
  })),
);
// The package's types name the full 'monaco-editor' entry; this bundle is a subset of it.
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] });

import { useEffect, useMemo, useRef } from 'react';
import { Center, Loader, useComputedColorScheme } from '@mantine/core';
import Editor from '@monaco-editor/react';
import type { OnMount } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
import type { editor as MonacoTypes } from 'monaco-editor/editor';
import '../code-editor/monaco-setup';
import { templateCompletions, type CompletionContext } from './template-completions';

/** What the expression editor asks of its text editor. */
export interface TemplateEditorHandle {
  /** Inserts the text at the cursor (replacing the selection) and focuses the editor. */
  insert(text: string): void;
}

export interface TemplateMonacoProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  height: number | string;
  completion: CompletionContext;
  onReady?: (handle: TemplateEditorHandle | null) => void;
}

export const templateLanguage = 'ponte-template';

/** The open expression editor's sample and variables (one is open at a time). */
let activeContext: CompletionContext = { sample: null, variableKeys: [] };

const kinds = {
  function: monaco.languages.CompletionItemKind.Function,
  field: monaco.languages.CompletionItemKind.Field,
  variable: monaco.languages.CompletionItemKind.Variable,
};

const registered = Symbol.for('ponte.monaco.templateCompletions');
type Flagged = typeof globalThis & { [registered]?: boolean };

/** The template language and its completion, once per page. */
function registerTemplateLanguage() {
  const flagged = globalThis as Flagged;
  if (flagged[registered]) return;
  flagged[registered] = true;
  monaco.languages.register({ id: templateLanguage });
  monaco.languages.registerCompletionItemProvider(templateLanguage, {
    triggerCharacters: ['$', '.', '{', ' '],
    provideCompletionItems(model, position) {
      const before = model.getValueInRange({
        startLineNumber: 1,
        startColumn: 1,
        endLineNumber: position.lineNumber,
        endColumn: position.column,
      });
      const found = templateCompletions(before, activeContext);
      if (!found) return { suggestions: [] };
      const range = new monaco.Range(
        position.lineNumber,
        Math.max(1, position.column - found.replaceLength),
        position.lineNumber,
        position.column,
      );
      return {
        suggestions: found.items.map((item, index) => ({
          label: { label: item.label, description: item.detail },
          kind: kinds[item.kind],
          insertText: item.snippet,
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          detail: item.detail,
          ...(item.documentation ? { documentation: item.documentation } : {}),
          sortText: String(index).padStart(4, '0'),
          range,
        })),
      };
    },
  });
}

registerTemplateLanguage();

/** Loaded lazily by the expression editor: Monaco with the template completion. */
export default function TemplateMonaco({
  value,
  onChange,
  label,
  height,
  completion,
  onReady,
}: TemplateMonacoProps) {
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    activeContext = completion;
  }, [completion]);
  const latest = useRef({ onChange, onReady });
  useEffect(() => {
    latest.current = { onChange, onReady };
  });
  useEffect(() => () => latest.current.onReady?.(null), []);

  const options = useMemo<MonacoTypes.IStandaloneEditorConstructionOptions>(
    () => ({
      ariaLabel: label,
      automaticLayout: true,
      contextmenu: false,
      fixedOverflowWidgets: true,
      fontSize: 13,
      lineNumbers: 'off',
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      wordWrap: 'on',
      // Fields dragged from the tree or from the node's data land where they are dropped.
      dropIntoEditor: { enabled: true },
      quickSuggestions: { other: true, strings: true, comments: false },
    }),
    [label],
  );

  const handleMount: OnMount = (editor) => {
    editor.focus();
    latest.current.onReady?.({
      insert(text) {
        const selection = editor.getSelection();
        if (!selection) return;
        editor.executeEdits('insert-field', [{ range: selection, text, forceMoveMarkers: true }]);
        editor.pushUndoStop();
        editor.focus();
      },
    });
  };

  return (
    <Editor
      defaultValue={value}
      language={templateLanguage}
      height={height}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      options={options}
      onMount={handleMount}
      onChange={(next) => next !== undefined && latest.current.onChange(next)}
      loading={
        <Center h="100%">
          <Loader size="sm" />
        </Center>
      }
    />
  );
}

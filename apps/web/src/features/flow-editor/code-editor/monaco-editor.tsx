import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import { Center, Loader, useComputedColorScheme } from '@mantine/core';
import Editor from '@monaco-editor/react';
import type { OnMount } from '@monaco-editor/react';
import type { editor as MonacoTypes } from 'monaco-editor/editor';
import type { CodeLanguage } from './code-languages';
import './monaco-setup';

/** What the toolbar and the palette around the editor may ask of it. */
export interface EditorHandle {
  /** Runs a Monaco action or command (an id of `editorCommands`) with the editor focused. */
  run(commandId: string): void;
}

export interface MonacoEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  height: number | string;
  label: string;
  autoFocus?: boolean;
  /** Called with the handle once the editor exists, and with null when it goes away. */
  onReady?: (handle: EditorHandle | null) => void;
  /** F1 in the editor: the pt-BR command palette. */
  onCommandPalette?: () => void;
}

type StandaloneEditor = MonacoTypes.IStandaloneCodeEditor;

/** Replaces the whole text as one undoable edit, without reporting it as the person's typing. */
function replaceText(editor: StandaloneEditor, text: string, applying: RefObject<boolean>) {
  const model = editor.getModel();
  if (!model || model.getValue() === text) return;
  applying.current = true;
  editor.executeEdits('external', [
    { range: model.getFullModelRange(), text, forceMoveMarkers: true },
  ]);
  editor.pushUndoStop();
  applying.current = false;
}

/** Loaded lazily by CodeEditor: this module pulls Monaco in. */
export default function MonacoEditor({
  value,
  onChange,
  language,
  height,
  label,
  autoFocus,
  onReady,
  onCommandPalette,
}: MonacoEditorProps) {
  const scheme = useComputedColorScheme('light');
  const latest = useRef({ value, onChange, onReady, onCommandPalette });
  useEffect(() => {
    latest.current = { value, onChange, onReady, onCommandPalette };
  });
  useEffect(() => () => latest.current.onReady?.(null), []);

  /*
   * The editor owns its text while the person types: `value` comes back a render later, and
   * putting back a value that lags would drop keystrokes. Values this editor sent are
   * recognised when they return; any other value (an undo, the fullscreen twin) is applied.
   */
  const editorRef = useRef<StandaloneEditor | null>(null);
  const sent = useRef<string[]>([]);
  const applying = useRef(false);
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const at = sent.current.indexOf(value);
    if (at >= 0) {
      sent.current = sent.current.slice(at + 1);
      return;
    }
    sent.current = [];
    replaceText(editor, value, applying);
  }, [value]);

  const options = useMemo<MonacoTypes.IStandaloneEditorConstructionOptions>(
    () => ({
      ariaLabel: label,
      automaticLayout: true,
      // Monaco's menu is in English only: the browser's own menu (cut, copy, paste) instead.
      contextmenu: false,
      fixedOverflowWidgets: true,
      fontSize: 13,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      wordWrap: 'on',
    }),
    [label],
  );

  const handleChange = useCallback((next: string | undefined) => {
    if (applying.current || next === undefined) return;
    sent.current = [...sent.current.slice(-49), next];
    latest.current.onChange(next);
  }, []);

  const handleMount: OnMount = (editor, monaco) => {
    editorRef.current = editor;
    // The value may have changed while Monaco was starting.
    replaceText(editor, latest.current.value, applying);
    if (autoFocus) editor.focus();
    editor.addCommand(monaco.KeyCode.F1, () => latest.current.onCommandPalette?.());
    latest.current.onReady?.({
      run(commandId) {
        editor.focus();
        const action = editor.getAction(commandId);
        if (action) void action.run();
        else editor.trigger('palette', commandId, null);
      },
    });
  };

  return (
    <Editor
      defaultValue={value}
      language={language}
      height={height}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      options={options}
      onMount={handleMount}
      onChange={handleChange}
      loading={
        <Center h="100%">
          <Loader size="sm" />
        </Center>
      }
    />
  );
}

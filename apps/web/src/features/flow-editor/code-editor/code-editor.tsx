import { Component, lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Center,
  Group,
  Loader,
  Modal,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconCommand, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { CommandPalette } from './command-palette';
import { codeLanguageLabels } from './code-languages';
import type { CodeLanguage } from './code-languages';
import type { EditorHandle, MonacoEditorProps } from './monaco-editor';

const MonacoEditor = lazy(() => import('./monaco-editor'));

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  /** Names the editor for screen readers and titles the fullscreen view. */
  label?: string;
  height?: number | string;
}

const border = '1px solid var(--mantine-color-default-border)';

/**
 * React Flow's mark for "keys here are not the canvas's": a Backspace typed in the editor never
 * removes the selected connector (Monaco types into a div, which React Flow cannot tell apart).
 */
const ownKeys = 'nokey';

interface ToolbarProps {
  language: CodeLanguage;
  editor: EditorHandle | null;
  fullscreen: boolean;
  onFullscreen: (next: boolean) => void;
  onPalette: (editor: EditorHandle) => void;
}

function Toolbar({ language, editor, fullscreen, onFullscreen, onPalette }: ToolbarProps) {
  const toggleLabel = fullscreen ? 'Sair da tela cheia' : 'Tela cheia';
  return (
    <Group justify="space-between" px="xs" py={4} bg="var(--mantine-color-default-hover)">
      <Text size="xs" c="dimmed" fw={500}>
        {codeLanguageLabels[language]}
      </Text>
      <Group gap={4}>
        <Tooltip label="Paleta de comandos (F1)">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label="Paleta de comandos"
            disabled={!editor}
            onClick={() => editor && onPalette(editor)}
          >
            <IconCommand size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={toggleLabel}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={toggleLabel}
            onClick={() => onFullscreen(!fullscreen)}
          >
            {fullscreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** When the editor's chunk cannot load (offline, new deploy), the code stays editable as text. */
class PlainFallback extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function EditorSlot(props: MonacoEditorProps) {
  const { height, value, onChange, label } = props;
  const fallback = (
    <Box p="xs">
      <Text size="xs" c="dimmed" mb={4}>
        O editor de código não carregou; edite como texto simples.
      </Text>
      <Textarea
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={6}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
    </Box>
  );
  return (
    <PlainFallback fallback={fallback}>
      <Suspense
        fallback={
          <Center h={height}>
            <Loader size="sm" aria-label="Carregando o editor de código" />
          </Center>
        }
      >
        <MonacoEditor {...props} />
      </Suspense>
    </PlainFallback>
  );
}

/**
 * A Monaco editor with a toolbar (language, command palette, fullscreen). Monaco and its
 * workers come from the app's own chunks, loaded the first time an editor shows.
 */
export function CodeEditor({
  value,
  onChange,
  language,
  label = 'Editor de código',
  height = 220,
}: CodeEditorProps) {
  const [fullscreen, setFullscreen] = useState(false);
  const [inlineEditor, setInlineEditor] = useState<EditorHandle | null>(null);
  const [wideEditor, setWideEditor] = useState<EditorHandle | null>(null);
  // The editor the palette was opened from (its button or F1), which runs the chosen command.
  const [paletteFor, setPaletteFor] = useState<EditorHandle | null>(null);
  const shared = { value, onChange, language, label };

  return (
    <Box
      className={ownKeys}
      style={{ border, borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
    >
      <Toolbar
        language={language}
        editor={inlineEditor}
        fullscreen={false}
        onFullscreen={setFullscreen}
        onPalette={setPaletteFor}
      />
      <EditorSlot
        {...shared}
        height={height}
        onReady={setInlineEditor}
        onCommandPalette={() => setPaletteFor(inlineEditor)}
      />
      {/*
        Esc belongs to Monaco (suggestions, search, snippets, multiple cursors): it never closes
        the fullscreen view, whose button does (docs/adr/0080).
      */}
      <Modal
        opened={fullscreen}
        onClose={() => setFullscreen(false)}
        closeOnEscape={false}
        fullScreen
        title={label}
        withCloseButton={false}
        padding="sm"
      >
        <Box className={ownKeys} style={{ border }}>
          <Toolbar
            language={language}
            editor={wideEditor}
            fullscreen
            onFullscreen={setFullscreen}
            onPalette={setPaletteFor}
          />
          {fullscreen && (
            <EditorSlot
              {...shared}
              height="calc(100dvh - 7rem)"
              autoFocus
              onReady={setWideEditor}
              onCommandPalette={() => setPaletteFor(wideEditor)}
            />
          )}
        </Box>
      </Modal>
      <CommandPalette
        opened={paletteFor !== null}
        language={language}
        onClose={() => setPaletteFor(null)}
        onRun={(id) => paletteFor?.run(id)}
      />
    </Box>
  );
}

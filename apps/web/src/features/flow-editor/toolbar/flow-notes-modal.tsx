import { useRef } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import type { RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { toast } from '../../../lib/toasts';
import { sanitizeNotes } from './sanitize-notes';

interface FlowNotesModalProps {
  opened: boolean;
  html: string;
  onClose: () => void;
  /** Sanitised HTML; '' when the notes are empty. */
  onApply: (html: string) => void;
}

const labels: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  underlineControlLabel: 'Sublinhado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Limpar formatação',
  h1ControlLabel: 'Título 1',
  h2ControlLabel: 'Título 2',
  h3ControlLabel: 'Título 3',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Citação',
  codeControlLabel: 'Código',
  codeBlockControlLabel: 'Bloco de código',
  linkControlLabel: 'Link',
  unlinkControlLabel: 'Remover link',
  undoControlLabel: 'Desfazer',
  redoControlLabel: 'Refazer',
  linkEditorInputLabel: 'Endereço do link',
  linkEditorInputPlaceholder: 'https://exemplo.com.br',
  linkEditorExternalLink: 'Abrir o link em uma nova aba',
  linkEditorInternalLink: 'Abrir o link na mesma aba',
  linkEditorSave: 'Salvar',
};

/**
 * Spec 1 §5: an edit that takes the HTML over the limit is undone (the previous value comes
 * back) and a toast says why. An edit that shrinks notes already over the limit is accepted,
 * so such notes can still be trimmed.
 */
function overLimit(previous: string, next: string): boolean {
  return next.length > limits.flowNotesMax && next.length > previous.length;
}

/** Toolbar → 'Notas': the flow's notes, a rich-text document stored as HTML (spec 1 §2.6). */
export function FlowNotesModal({ opened, html, onClose, onApply }: FlowNotesModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Notas" size="xl" centered>
      <NotesForm html={html} onCancel={onClose} onApply={onApply} />
    </Modal>
  );
}

function NotesForm({
  html,
  onCancel,
  onApply,
}: {
  html: string;
  onCancel: () => void;
  onApply: (html: string) => void;
}) {
  const accepted = useRef('');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: sanitizeNotes(html),
    immediatelyRender: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Notas do flow' },
    },
    onCreate: ({ editor: created }) => {
      accepted.current = created.getHTML();
    },
    onUpdate: ({ editor: changed }) => {
      const next = changed.getHTML();
      if (overLimit(accepted.current, next)) {
        changed.commands.setContent(accepted.current, { emitUpdate: false });
        toast.error(messages.flows.notesTooLarge);
        return;
      }
      accepted.current = next;
    },
  });

  const apply = (current: Editor | null) => {
    if (!current) return;
    const clean = current.isEmpty ? '' : sanitizeNotes(current.getHTML());
    if (clean.length > limits.flowNotesMax) {
      toast.error(messages.flows.notesTooLarge);
      return;
    }
    onApply(clean);
  };

  return (
    <Stack gap="md">
      <RichTextEditor editor={editor} labels={labels}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Code />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={{ minHeight: 280, maxHeight: '60vh', overflowY: 'auto' }} />
      </RichTextEditor>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={() => apply(editor)}>Aplicar</Button>
      </Group>
    </Stack>
  );
}

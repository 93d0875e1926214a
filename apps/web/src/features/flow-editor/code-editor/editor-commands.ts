import type { CodeLanguage } from './code-languages';

/** A command of the editor's own palette: a Monaco action id, named in pt-BR. */
export interface EditorCommand {
  id: string;
  label: string;
  keys?: string;
  /** Only for these languages (Monaco formats only those it has a formatter for). */
  languages?: CodeLanguage[];
}

/**
 * The palette's commands (docs/adr/0080): Monaco 0.57 ships no pt-BR text, so its own palette
 * (F1, all in English) is replaced by this list of what people use, in pt-BR.
 */
export const editorCommands: EditorCommand[] = [
  { id: 'actions.find', label: 'Localizar', keys: 'Ctrl + F' },
  { id: 'editor.action.startFindReplaceAction', label: 'Substituir', keys: 'Ctrl + H' },
  {
    id: 'editor.action.formatDocument',
    label: 'Formatar o documento',
    keys: 'Shift + Alt + F',
    languages: ['javascript', 'json', 'css', 'html'],
  },
  { id: 'editor.action.commentLine', label: 'Comentar ou descomentar a linha', keys: 'Ctrl + /' },
  { id: 'editor.action.triggerSuggest', label: 'Mostrar sugestões', keys: 'Ctrl + Espaço' },
  { id: 'editor.action.copyLinesDownAction', label: 'Duplicar a linha', keys: 'Shift + Alt + ↓' },
  { id: 'editor.action.moveLinesUpAction', label: 'Mover a linha para cima', keys: 'Alt + ↑' },
  { id: 'editor.action.moveLinesDownAction', label: 'Mover a linha para baixo', keys: 'Alt + ↓' },
  { id: 'editor.action.deleteLines', label: 'Excluir a linha', keys: 'Ctrl + Shift + K' },
  { id: 'editor.action.indentLines', label: 'Aumentar o recuo', keys: 'Ctrl + ]' },
  { id: 'editor.action.outdentLines', label: 'Diminuir o recuo', keys: 'Ctrl + [' },
  {
    id: 'editor.action.selectHighlights',
    label: 'Selecionar todas as ocorrências',
    keys: 'Ctrl + Shift + L',
  },
  { id: 'editor.action.transformToUppercase', label: 'Converter em maiúsculas' },
  { id: 'editor.action.transformToLowercase', label: 'Converter em minúsculas' },
  { id: 'editor.action.trimTrailingWhitespace', label: 'Remover os espaços no fim das linhas' },
  { id: 'editor.foldAll', label: 'Recolher todos os blocos' },
  { id: 'editor.unfoldAll', label: 'Expandir todos os blocos' },
  { id: 'undo', label: 'Desfazer', keys: 'Ctrl + Z' },
  { id: 'redo', label: 'Refazer', keys: 'Ctrl + Y' },
];

/**
 * Monaco's commands that open its English quick input: unbound (the palette's F1 is rebound to
 * the pt-BR one by each editor).
 */
export const englishQuickInputs = [
  'editor.action.quickCommand',
  'editor.action.gotoLine',
  'editor.action.quickOutline',
];

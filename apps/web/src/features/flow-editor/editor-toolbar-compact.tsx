import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Modal } from '@mantine/core';
import {
  IconAdjustments,
  IconBug,
  IconDots,
  IconFileExport,
  IconFileImport,
  IconHistory,
  IconKeyboard,
  IconLayoutGrid,
  IconNotes,
  IconPlayerPlay,
  IconPlus,
  IconVariable,
} from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import type { EditorToolbarProps } from './editor-toolbar-props';
import { ShortcutsTable } from './shortcuts-help';
import { UndoRedoButtons } from './undo-redo-buttons';
import { useCan } from '../../lib/session/use-can';
import { ImportSourceItems } from '../../components/flow-import/import-source-items';

/**
 * The toolbar on a narrow screen (n8n's mobile editor does the same): the connectors, undo,
 * redo and 'Executar' stay on the bar, every other action is an item of 'Mais ações'.
 */
export function EditorToolbarCompact(props: EditorToolbarProps) {
  const { execute, debug } = props;
  const [shortcuts, setShortcuts] = useState(false);
  // Importing replaces the document, to be saved: a role that cannot save sees why.
  const importDenied = useCan('flows.write').reason;
  return (
    <Group
      gap={6}
      px="xs"
      py={6}
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
    >
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlus size={16} />}
        onClick={props.onOpenPalette}
      >
        Conectores
      </Button>
      <UndoRedoButtons
        canUndo={props.canUndo}
        canRedo={props.canRedo}
        onUndo={props.onUndo}
        onRedo={props.onRedo}
        withShortcuts={false}
      />
      <Group gap={6} ml="auto" wrap="nowrap">
        <Button
          size="xs"
          color="teal"
          leftSection={<IconPlayerPlay size={16} />}
          disabled={!execute.enabled}
          title={execute.enabled ? undefined : execute.hint}
          onClick={execute.onClick}
        >
          Executar
        </Button>
        <Menu position="bottom-end" shadow="md" width={260}>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label="Mais ações">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Debug</Menu.Label>
            <Menu.Item
              leftSection={<IconBug size={16} />}
              disabled={!debug.canOpen}
              onClick={debug.onToggle}
              rightSection={debug.open && debug.canOpen ? <Badge size="xs">aberto</Badge> : null}
            >
              Debugger
            </Menu.Item>
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!debug.canExecute}
              onClick={debug.onExecuteWithDebug}
            >
              Executar com Debug
            </Menu.Item>
            <Menu.Label>Importar/Exportar</Menu.Label>
            {importDenied ? (
              <Menu.Label maw={280} style={{ whiteSpace: 'normal' }}>
                {importDenied}
              </Menu.Label>
            ) : null}
            <Menu.Item
              leftSection={<IconLayoutGrid size={16} />}
              disabled={importDenied !== null}
              onClick={props.onOpenGallery}
            >
              Importar da galeria de templates
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileImport size={16} />}
              disabled={importDenied !== null}
              onClick={props.onImportFile}
            >
              Importar de arquivo
            </Menu.Item>
            <ImportSourceItems
              onPick={props.onImportFrom}
              disabled={importDenied !== null}
              onOpenReport={props.onOpenImportReport}
            />
            <Menu.Item leftSection={<IconFileExport size={16} />} onClick={props.onExport}>
              Exportar para arquivo
            </Menu.Item>
            <Menu.Label>Configurações</Menu.Label>
            <Menu.Item
              leftSection={<IconVariable size={16} />}
              rightSection={
                <Badge size="sm" variant="light" circle>
                  {props.variableCount}
                </Badge>
              }
              onClick={props.onOpenVariables}
            >
              Variáveis
            </Menu.Item>
            <Menu.Item leftSection={<IconAdjustments size={16} />} onClick={props.onOpenOptions}>
              Opções do Flow
            </Menu.Item>
            <Menu.Item leftSection={<IconNotes size={16} />} onClick={props.onOpenNotes}>
              Notas
            </Menu.Item>
            <Menu.Item
              leftSection={<IconHistory size={16} />}
              disabled={!props.onOpenHistory}
              onClick={props.onOpenHistory}
            >
              {messages.versions.history}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconKeyboard size={16} />} onClick={() => setShortcuts(true)}>
              Atalhos de teclado
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Modal opened={shortcuts} onClose={() => setShortcuts(false)} title="Atalhos de teclado">
        <ShortcutsTable />
      </Modal>
    </Group>
  );
}

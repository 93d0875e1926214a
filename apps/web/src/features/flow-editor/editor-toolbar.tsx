import { ActionIcon, Badge, Button, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconFileExport,
  IconHistory,
  IconFileImport,
  IconLayoutGrid,
  IconNotes,
  IconPlayerPlay,
  IconSettings,
  IconTransferIn,
  IconVariable,
  IconAdjustments,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@ponte/shared/messages';
import { EditorToolbarCompact } from './editor-toolbar-compact';
import { DebuggerToolbarControls } from './debugger/debugger-toolbar-controls';
import type { EditorToolbarProps } from './editor-toolbar-props';
import { ShortcutsHelp } from './shortcuts-help';
import { UndoRedoButtons } from './undo-redo-buttons';
import { useCan } from '../../lib/session/use-can';
import { ImportSourceItems } from '../../components/flow-import/import-source-items';

/** Below this width the whole toolbar does not fit on one line: the compact one is drawn. */
export const compactEditorQuery = '(max-width: 68em)';

/** Spec 1 §2.6 toolbar: Import/Export, Settings, 'Notas'; on the right the debugger, 'Executar'. */
export function EditorToolbar(props: EditorToolbarProps) {
  const compact = useMediaQuery(compactEditorQuery, false, { getInitialValueInEffect: false });
  return compact ? <EditorToolbarCompact {...props} /> : <WideToolbar {...props} />;
}

function WideToolbar(props: EditorToolbarProps) {
  const { execute } = props;
  // Importing replaces the document, to be saved: a role that cannot save sees why.
  const importDenied = useCan('flows.write').reason;
  return (
    <Group
      gap="xs"
      px="md"
      py={6}
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
    >
      <Menu position="bottom-start" shadow="md">
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTransferIn size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Importar/Exportar
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
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
        </Menu.Dropdown>
      </Menu>
      <Menu position="bottom-start" shadow="md">
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSettings size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Configurações
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
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
        </Menu.Dropdown>
      </Menu>
      <Button
        size="xs"
        variant={props.hasNotes ? 'light' : 'default'}
        leftSection={<IconNotes size={16} />}
        onClick={props.onOpenNotes}
      >
        Notas
      </Button>
      <HistoryButton onOpen={props.onOpenHistory} />
      <Group gap={2} ml="xs">
        <UndoRedoButtons
          canUndo={props.canUndo}
          canRedo={props.canRedo}
          onUndo={props.onUndo}
          onRedo={props.onRedo}
          withShortcuts={true}
        />
        <ShortcutsHelp />
      </Group>
      <Group gap="xs" ml="auto" wrap="nowrap">
        <DebuggerToolbarControls {...props.debug} />
        <Tooltip label={execute.hint} disabled={execute.enabled || !execute.hint} multiline w={260}>
          <span>
            <Button
              size="xs"
              color="teal"
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!execute.enabled}
              onClick={execute.onClick}
            >
              Executar
            </Button>
          </span>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** From this width 'Histórico de versões' has its words; below, its icon (the bar fits on one line). */
const roomyToolbarQuery = '(min-width: 80em)';

/** 'Histórico de versões' (docs/adr/0103): a new flow has no history until its first save. */
function HistoryButton({ onOpen }: { onOpen: (() => void) | undefined }) {
  const roomy = useMediaQuery(roomyToolbarQuery, true, { getInitialValueInEffect: false });
  const label = messages.versions.history;
  const hint = onOpen ? label : 'Salve o flow para ter um histórico de versões';
  return (
    <Tooltip label={hint} disabled={roomy && !!onOpen}>
      <span>
        {roomy ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={16} />}
            onClick={onOpen}
            disabled={!onOpen}
          >
            {label}
          </Button>
        ) : (
          <ActionIcon
            variant="default"
            size={30}
            aria-label={label}
            onClick={onOpen}
            disabled={!onOpen}
          >
            <IconHistory size={16} />
          </ActionIcon>
        )}
      </span>
    </Tooltip>
  );
}

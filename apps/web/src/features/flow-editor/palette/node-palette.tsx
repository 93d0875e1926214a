import { useEffect, useMemo, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import {
  Accordion,
  ActionIcon,
  CloseButton,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconSearch } from '@tabler/icons-react';
import type { NodeCategory, NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { matchesSearch } from '@ponte/shared/search-text';
import { ConnectorIcon } from '../canvas/connector-icon';
import { paletteDragType } from '../canvas/flow-canvas';
import classes from './node-palette.module.css';

/** The workspace's custom connectors have their own section, after the built-in ones. */
type PaletteSection = NodeCategory | 'custom';

const categories: { value: PaletteSection; label: string; color: string }[] = [
  { value: 'trigger', label: 'Gatilhos', color: 'teal' },
  { value: 'action', label: 'Ações', color: 'blue' },
  { value: 'flow_control', label: 'Controle de fluxo', color: 'orange' },
  { value: 'ai', label: 'IA', color: 'violet' },
  { value: 'brazil', label: 'Brasil', color: 'green' },
  { value: 'custom', label: 'Conectores personalizados', color: 'grape' },
];

const sectionOf = (manifest: NodeManifest): PaletteSection =>
  manifest.custom ? 'custom' : manifest.category;

const searchText = (manifest: NodeManifest) =>
  `${manifest.label} ${manifest.description} ${manifest.type} ${manifest.custom?.service_name ?? ''}`;

/** The palette opened from a node's output: what is chosen is added after that node. */
export interface PaletteAfter {
  /** The node's name on the canvas ('Adicionar após "Código"'). */
  label: string;
  /** Esc or the close button: nothing is added. */
  onCancel: () => void;
}

interface NodePaletteProps {
  manifests: NodeManifest[];
  /** Adds a connector at the centre of the view (a click, or Enter on the item). */
  onAdd: (type: string) => void;
  /** Opened from an output: says so, hides the triggers (they take no input), Esc cancels. */
  after?: PaletteAfter | undefined;
  /** Beside the graph: the button that folds the palette into a rail. */
  onCollapse?: (() => void) | undefined;
}

/** The connectors of the library, by category, with a search; drag one onto the canvas. */
export function NodePalette({ manifests, onAdd, after, onCollapse }: NodePaletteProps) {
  const [search, setSearch] = useState('');
  const following = after !== undefined;
  const groups = useMemo(() => {
    const wanted = search.trim();
    const matches = manifests.filter(
      (manifest) =>
        !manifest.deprecated &&
        !(following && manifest.category === 'trigger') &&
        matchesSearch(searchText(manifest), wanted),
    );
    return categories
      .map((category) => ({
        ...category,
        items: matches
          .filter((manifest) => sectionOf(manifest) === category.value)
          .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
      }))
      .filter((category) => category.items.length > 0);
  }, [manifests, search, following]);

  // Opened from an output: the search takes the keys, and Esc anywhere cancels.
  const searchInput = useRef<HTMLInputElement>(null);
  const cancel = after?.onCancel;
  useEffect(() => {
    if (!cancel) return;
    searchInput.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [cancel]);

  const startDrag = (event: DragEvent, type: string) => {
    event.dataTransfer.setData(paletteDragType, type);
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <Stack gap="xs" className={classes.palette} aria-label="Conectores">
      {after ? (
        <Group gap={4} wrap="nowrap" className={classes.after} data-testid="palette-after">
          <Text size="xs" fw={600} truncate="end" style={{ flex: 1 }} title={after.label}>
            Adicionar após "{after.label}"
          </Text>
          <CloseButton size="sm" aria-label="Cancelar" onClick={after.onCancel} />
        </Group>
      ) : null}
      <Group gap={4} wrap="nowrap">
        <TextInput
          ref={searchInput}
          size="xs"
          style={{ flex: 1 }}
          placeholder="Buscar conectores"
          aria-label="Buscar conectores"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {onCollapse ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Recolher conectores"
            title="Recolher conectores"
            onClick={onCollapse}
          >
            <IconLayoutSidebarLeftCollapse size={18} />
          </ActionIcon>
        ) : null}
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        {groups.length === 0 ? (
          <Text size="xs" c="dimmed" ta="center" mt="md">
            Nenhum conector encontrado.
          </Text>
        ) : (
          <Accordion
            multiple
            defaultValue={categories.map((category) => category.value)}
            variant="default"
            chevronPosition="right"
          >
            {groups.map((group) => (
              <Accordion.Item key={group.value} value={group.value}>
                <Accordion.Control>
                  <Text size="xs" fw={700} c={`${group.color}.8`} tt="uppercase">
                    {group.label} ({group.items.length})
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap={4}>
                    {group.items.map((manifest) => {
                      // A connector whose area does not exist yet is shown, with the reason,
                      // but cannot be dragged nor clicked.
                      const available = manifest.available !== false;
                      return (
                        <UnstyledButton
                          key={manifest.type}
                          className={classes.item}
                          disabled={!available}
                          draggable={available}
                          onDragStart={(event) => available && startDrag(event, manifest.type)}
                          onClick={() => available && onAdd(manifest.type)}
                          title={available ? manifest.description : manifest.unavailableReason}
                          data-node-type={manifest.type}
                        >
                          <Group gap={8} wrap="nowrap">
                            <ConnectorIcon
                              icon={manifest.icon}
                              image={manifest.custom?.image}
                              custom={!!manifest.custom}
                              size={16}
                              color={`var(--mantine-color-${available ? group.color : 'gray'}-7)`}
                            />
                            <Text size="sm" truncate="end">
                              {manifest.label}
                            </Text>
                          </Group>
                          {!available && (
                            <Text size="xs" c="dimmed" mt={2}>
                              {manifest.unavailableReason}
                            </Text>
                          )}
                        </UnstyledButton>
                      );
                    })}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </ScrollArea>
      <Text size="xs" c="dimmed">
        {following
          ? 'Clique em um conector para adicioná-lo e conectá-lo.'
          : 'Arraste um conector para o editor ou clique para adicioná-lo.'}
      </Text>
    </Stack>
  );
}

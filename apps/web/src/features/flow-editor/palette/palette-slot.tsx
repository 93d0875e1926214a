import { ActionIcon, Box, Drawer, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { NodePalette, type PaletteAfter } from './node-palette';
import classes from './node-palette.module.css';

interface PaletteSlotProps {
  /** A narrow screen: the palette is a drawer over the graph, which keeps the whole width. */
  compact: boolean;
  opened: boolean;
  onClose: () => void;
  manifests: NodeManifest[];
  onAdd: (type: string) => void;
  /** Opened from a node's output: what is chosen is added after it (the drawer opens too). */
  after?: PaletteAfter | undefined;
  /**
   * A wide screen whose palette is folded into a rail (by the person, or while the node panel
   * shows its data): the rail's button brings it back; a '+' still opens it, in a drawer.
   */
  collapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
}

/**
 * The palette beside the graph (or folded into a rail), or in a drawer that closes once a
 * connector is added.
 */
export function PaletteSlot({
  compact,
  opened,
  onClose,
  manifests,
  onAdd,
  after,
  collapsed = false,
  onCollapsedChange,
}: PaletteSlotProps) {
  if (!compact && !collapsed)
    return (
      <NodePalette
        manifests={manifests}
        onAdd={onAdd}
        after={after}
        onCollapse={onCollapsedChange && (() => onCollapsedChange(true))}
      />
    );
  // Closing the drawer opened from an output cancels the addition.
  const close = () => {
    after?.onCancel();
    onClose();
  };
  const rail = compact ? null : (
    <Box className={classes.rail}>
      <Tooltip label="Mostrar conectores" position="right">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Mostrar conectores"
          onClick={() => onCollapsedChange?.(false)}
        >
          <IconLayoutSidebarLeftExpand size={20} />
        </ActionIcon>
      </Tooltip>
    </Box>
  );
  return (
    <>
      {rail}
      <Drawer
        opened={(compact && opened) || after !== undefined}
        onClose={close}
        title="Conectores"
        size={290}
        padding={0}
      >
        <Box h="calc(100dvh - 4rem)">
          <NodePalette
            manifests={manifests}
            onAdd={(type) => {
              onAdd(type);
              onClose();
            }}
            after={after}
          />
        </Box>
      </Drawer>
    </>
  );
}

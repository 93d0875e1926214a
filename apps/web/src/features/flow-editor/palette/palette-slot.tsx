import { Box, Drawer } from '@mantine/core';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { NodePalette, type PaletteAfter } from './node-palette';

interface PaletteSlotProps {
  /** A narrow screen: the palette is a drawer over the graph, which keeps the whole width. */
  compact: boolean;
  opened: boolean;
  onClose: () => void;
  manifests: NodeManifest[];
  onAdd: (type: string) => void;
  /** Opened from a node's output: what is chosen is added after it (the drawer opens too). */
  after?: PaletteAfter | undefined;
}

/** The palette beside the graph, or in a drawer that closes once a connector is added. */
export function PaletteSlot({
  compact,
  opened,
  onClose,
  manifests,
  onAdd,
  after,
}: PaletteSlotProps) {
  if (!compact) return <NodePalette manifests={manifests} onAdd={onAdd} after={after} />;
  // Closing the drawer opened from an output cancels the addition.
  const close = () => {
    after?.onCancel();
    onClose();
  };
  return (
    <Drawer
      opened={opened || after !== undefined}
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
  );
}

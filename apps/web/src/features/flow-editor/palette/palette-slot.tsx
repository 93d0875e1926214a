import { Box, Drawer } from '@mantine/core';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { NodePalette } from './node-palette';

interface PaletteSlotProps {
  /** A narrow screen: the palette is a drawer over the graph, which keeps the whole width. */
  compact: boolean;
  opened: boolean;
  onClose: () => void;
  manifests: NodeManifest[];
  onAdd: (type: string) => void;
}

/** The palette beside the graph, or in a drawer that closes once a connector is added. */
export function PaletteSlot({ compact, opened, onClose, manifests, onAdd }: PaletteSlotProps) {
  if (!compact) return <NodePalette manifests={manifests} onAdd={onAdd} />;
  return (
    <Drawer opened={opened} onClose={onClose} title="Conectores" size={290} padding={0}>
      <Box h="calc(100dvh - 4rem)">
        <NodePalette
          manifests={manifests}
          onAdd={(type) => {
            onClose();
            onAdd(type);
          }}
        />
      </Box>
    </Drawer>
  );
}

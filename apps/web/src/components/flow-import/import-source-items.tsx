import { Menu } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { FlowImportSource } from '@ponte/shared/flow-import.schema';

/** 'De n8n (.json)' and 'De Node-RED (.json)', as items of an import menu. */
export function ImportSourceItems({
  onPick,
  disabled,
}: {
  onPick: (source: FlowImportSource) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Menu.Item
        leftSection={<IconFileImport size={16} />}
        disabled={disabled}
        onClick={() => onPick('n8n')}
      >
        De n8n (.json)
      </Menu.Item>
      <Menu.Item
        leftSection={<IconFileImport size={16} />}
        disabled={disabled}
        onClick={() => onPick('node-red')}
      >
        De Node-RED (.json)
      </Menu.Item>
    </>
  );
}

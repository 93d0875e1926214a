import { Menu } from '@mantine/core';
import { IconFileImport, IconReportAnalytics } from '@tabler/icons-react';
import type { FlowImportSource } from '@ponte/shared/flow-import.schema';

/**
 * 'De n8n (.json)' and 'De Node-RED (.json)', as items of an import menu, and 'Relatório da
 * importação' when a report can be opened again.
 */
export function ImportSourceItems({
  onPick,
  disabled,
  onOpenReport,
}: {
  onPick: (source: FlowImportSource) => void;
  disabled?: boolean;
  onOpenReport?: () => void;
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
      {onOpenReport ? (
        <Menu.Item leftSection={<IconReportAnalytics size={16} />} onClick={onOpenReport}>
          Relatório da importação
        </Menu.Item>
      ) : null}
    </>
  );
}

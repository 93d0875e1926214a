import { useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import type { EntityFilter, RecordsCsvFormat, Table } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { errorMessage } from '../../lib/api/api-error';
import { downloadBlob, downloadText } from '../../lib/download-text';
import { toast } from '../../lib/toasts';
import { downloadRecordsCsv, exportRecordsCsv } from './api/export-records-csv';

/** The formats offered, Excel (Brasil) first: what a pt-BR spreadsheet opens by double-click. */
const formats: { format: RecordsCsvFormat; label: string; description: string }[] = [
  {
    format: 'excel',
    label: 'Excel (Brasil)',
    description: 'Separado por ponto e vírgula, vírgula decimal, Sim/Não e DD/MM/AAAA.',
  },
  {
    format: 'csv',
    label: 'CSV padrão',
    description: 'Separado por vírgula, ponto decimal, true/false e datas ISO 8601.',
  },
];

/** The filtered rows' chosen columns as the CSV the server names, in the chosen format. */
async function saveCsv(
  table: Table,
  filter: EntityFilter,
  columns: string[],
  total: number,
  format: RecordsCsvFormat,
) {
  // The list's total stops at the cap: from there on the server streams the file instead.
  if (total >= limits.totalCap) {
    const file = await downloadRecordsCsv(table._id, filter, columns, format);
    downloadBlob(file.filename ?? `${table.name}.csv`, file.blob);
  } else {
    const file = await exportRecordsCsv(table._id, filter, columns, format);
    downloadText(file.filename, file.data, 'text/csv;charset=utf-8');
  }
}

interface RecordsExportMenuProps {
  table: Table;
  filter: EntityFilter;
  columns: string[];
  total: number;
}

/** 'Exportar CSV' and its menu 'Formato: Excel (Brasil) | CSV padrão' (docs/adr/0078). */
export function RecordsExportMenu({ table, filter, columns, total }: RecordsExportMenuProps) {
  const [exporting, setExporting] = useState(false);

  const exportAs = async (format: RecordsCsvFormat) => {
    setExporting(true);
    try {
      await saveCsv(table, filter, columns, total, format);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Menu position="bottom-end" width={300} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={exporting}
        >
          Exportar CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Formato</Menu.Label>
        {formats.map(({ format, label, description }) => (
          <Menu.Item key={format} onClick={() => void exportAs(format)}>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { DeniedButton } from '../../components/denied-button';
import { Button, Checkbox, Group, Popover, Select, Stack } from '@mantine/core';
import { IconColumns, IconFilter, IconTrash } from '@tabler/icons-react';
import type { TableField } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';

interface RecordsToolbarProps {
  fields: TableField[];
  columns: string[];
  onColumnsChange: (columns: string[]) => void;
  showFilters: boolean;
  onToggleFilters: () => void;
  selectedCount: number;
  onMassRemove: () => void;
  /** Why the role may not remove records; null when it may. */
  removeDenied: string | null;
  size: number;
  onSizeChange: (size: number) => void;
}

/** Above the records: filters, the column chooser, mass delete (with a selection), page size. */
export function RecordsToolbar({
  fields,
  columns,
  onColumnsChange,
  showFilters,
  onToggleFilters,
  selectedCount,
  onMassRemove,
  removeDenied,
  size,
  onSizeChange,
}: RecordsToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="sm">
        <Button
          variant={showFilters ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          onClick={onToggleFilters}
          aria-expanded={showFilters}
        >
          Filtros
        </Button>
        <Popover position="bottom-start" shadow="md" withinPortal>
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns size={16} />}>
              Colunas
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Checkbox.Group value={columns} onChange={onColumnsChange} label="Colunas visíveis">
              <Stack gap={6} mt="xs">
                {fields.map((field) => (
                  <Checkbox key={field.name} value={field.name} label={field.label || field.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Popover.Dropdown>
        </Popover>
        {selectedCount ? (
          <DeniedButton
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={onMassRemove}
            denied={removeDenied}
          >
            Remover selecionados ({selectedCount})
          </DeniedButton>
        ) : null}
      </Group>
      <Select
        label="Por página"
        w={120}
        data={limits.recordsPageSizes.map(String)}
        value={String(size)}
        allowDeselect={false}
        onChange={(value) => value && onSizeChange(Number(value))}
      />
    </Group>
  );
}

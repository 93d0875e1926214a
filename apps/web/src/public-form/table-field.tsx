import { Button, Card, Group, Input, Stack, TextInput } from '@mantine/core';
import type { PublicFormField } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { formMessages } from '@ponte/shared/messages-forms';
import type { TableRow } from './form-values';

const texts = formMessages.public;

interface TableFieldProps {
  field: PublicFormField;
  id: string;
  rows: TableRow[];
  error: string | undefined;
  onChange: (rows: TableRow[]) => void;
}

/** A table field: editable rows, one input per column (its options), required columns marked. */
export function TableField({ field, id, rows, error, onChange }: TableFieldProps) {
  const emptyRow = (): TableRow =>
    Object.fromEntries(field.options.map((column) => [column.value, '']));
  const setCell = (row: number, column: string, value: string) =>
    onChange(rows.map((current, i) => (i === row ? { ...current, [column]: value } : current)));

  return (
    <Input.Wrapper label={field.label} labelElement="div" error={error}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, index) => (
          <Card key={index} withBorder padding="xs" radius="sm">
            <Group align="flex-end" gap="xs" wrap="wrap">
              {field.options.map((column) => (
                <TextInput
                  key={column.value}
                  label={column.label}
                  required={column.is_required}
                  aria-label={`${column.label} (linha ${index + 1})`}
                  value={row[column.value] ?? ''}
                  onChange={(event) => setCell(index, column.value, event.currentTarget.value)}
                  style={{ flex: '1 1 10rem', minWidth: 0 }}
                />
              ))}
              <Button
                variant="subtle"
                color="red"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
                aria-label={`${texts.removeRow} ${index + 1}`}
              >
                {texts.removeRow}
              </Button>
            </Group>
          </Card>
        ))}
        <Group>
          <Button
            id={id}
            variant="light"
            disabled={rows.length >= limits.formTableRowsMax}
            onClick={() => onChange([...rows, emptyRow()])}
          >
            {texts.addRow}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

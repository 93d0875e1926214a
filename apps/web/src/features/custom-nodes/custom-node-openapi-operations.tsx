import { useMemo, useState } from 'react';
import { Badge, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { OpenApiOperation } from '@ponte/shared/custom-nodes-openapi.schema';
import { matchesSearch } from '@ponte/shared/search-text';

interface OperationPickerProps {
  operations: OpenApiOperation[];
  picked: string[];
  onChange: (picked: string[]) => void;
}

const noTag = 'Sem tag';

/** The operations of a document by tag, in the document's order. */
function byTag(operations: OpenApiOperation[]): [string, OpenApiOperation[]][] {
  const groups = new Map<string, OpenApiOperation[]>();
  for (const op of operations) {
    const tag = op.tag || noTag;
    groups.set(tag, [...(groups.get(tag) ?? []), op]);
  }
  return [...groups];
}

const methodColours: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'yellow',
  DELETE: 'red',
};

function OperationRow({
  op,
  checked,
  onToggle,
}: {
  op: OpenApiOperation;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <Checkbox
      checked={checked}
      onChange={onToggle}
      styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { minWidth: 0 } }}
      label={
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Badge size="xs" variant="light" color={methodColours[op.method] ?? 'gray'}>
              {op.method}
            </Badge>
            <Text size="sm" ff="monospace" truncate>
              {op.path}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {op.summary || op.id}
            {op.deprecated ? ' (obsoleta)' : ''}
          </Text>
        </Stack>
      }
    />
  );
}

/** 'Criar a partir de OpenAPI': search (accents aside), the operations by tag, all of a tag at once. */
export function CustomNodeOpenApiOperations({
  operations,
  picked,
  onChange,
}: OperationPickerProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () =>
      operations.filter((op) =>
        [op.id, op.summary, op.path, op.method, op.tag].some((text) => matchesSearch(text, search)),
      ),
    [operations, search],
  );
  const chosen = new Set(picked);
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(picked);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    onChange(operations.map((op) => op.id).filter((id) => next.has(id)));
  };
  return (
    <Stack gap="xs">
      <TextInput
        label="Buscar operações"
        placeholder="Nome, caminho ou tag"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Text size="sm" aria-live="polite">
        {picked.length} de {operations.length} operações escolhidas
      </Text>
      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
        <Stack gap="md">
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma operação encontrada para esta busca.
            </Text>
          ) : null}
          {byTag(shown).map(([tag, ops]) => {
            const ids = ops.map((op) => op.id);
            const count = ids.filter((id) => chosen.has(id)).length;
            return (
              <Stack key={tag} gap={6} role="group" aria-label={tag}>
                <Checkbox
                  fw={600}
                  label={`${tag} (${ops.length})`}
                  aria-label={`Escolher todas de ${tag}`}
                  checked={count === ids.length}
                  indeterminate={count > 0 && count < ids.length}
                  onChange={() => toggle(ids, count < ids.length)}
                />
                <Stack gap={6} pl="lg">
                  {ops.map((op) => (
                    <OperationRow
                      key={op.id}
                      op={op}
                      checked={chosen.has(op.id)}
                      onToggle={() => toggle([op.id], !chosen.has(op.id))}
                    />
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

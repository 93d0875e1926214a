import { useState } from 'react';
import {
  ActionIcon,
  Combobox,
  Group,
  Loader,
  ScrollArea,
  Text,
  TextInput,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  lookupAnswerSchema,
  type LookupOption,
  type ParamSpec,
} from '@ponte/shared/flow/node-manifest.schema';
import { matchesSearch } from '@ponte/shared/search-text';
import { apiRequest } from '../../../lib/api/api-client';
import { ParamLabel } from './param-label';

/** The node a picker belongs to: its type and the params its list depends on. */
export interface LookupNode {
  type: string;
  version: number;
  params: Record<string, unknown>;
  /** The labels of the node's params, to name what must be chosen first. */
  labels: Record<string, string>;
}

interface LookupParamFieldProps {
  name: string;
  spec: ParamSpec & { lookup: NonNullable<ParamSpec['lookup']> };
  value: string;
  placeholder?: string | undefined;
  node: LookupNode;
  onChange: (name: string, value: unknown) => void;
}

const filled = (value: unknown) =>
  value !== undefined && value !== null && String(value).trim() !== '';

/** What the list still needs before it can be asked, in pt-BR; null when it can be. */
function missingFor(spec: LookupParamFieldProps['spec'], node: LookupNode): string | null {
  if (!filled(node.params.service_account)) return 'Escolha a conta de serviço para ver a lista.';
  const missing = (spec.lookup.dependsOn ?? []).find((other) => !filled(node.params[other]));
  return missing ? `Escolha antes "${node.labels[missing] ?? missing}" para ver a lista.` : null;
}

/**
 * A text param with a picker (docs/adr/0092): typed, an expression, or chosen from the list
 * the connector asks through the node's account (`POST /engine/lookups`). The list is asked
 * when opened and again when the account or a param it depends on changes.
 */
export function LookupParamField({
  name,
  spec,
  value,
  placeholder,
  node,
  onChange,
}: LookupParamFieldProps) {
  const combobox = useCombobox({ onDropdownClose: () => setSearch('') });
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const missing = missingFor(spec, node);
  const depends = Object.fromEntries(
    (spec.lookup.dependsOn ?? []).map((other) => [other, node.params[other]]),
  );
  const account = String(node.params.service_account ?? '');
  const query = useQuery({
    queryKey: ['lookups', node.type, spec.lookup.name, account, depends],
    queryFn: ({ signal }) =>
      apiRequest('/engine/lookups', {
        method: 'POST',
        body: {
          type: node.type,
          version: node.version,
          lookup: spec.lookup.name,
          service_account: account,
          params: depends,
        },
        schema: lookupAnswerSchema,
        silent: true,
        signal,
      }),
    enabled: opened && missing === null,
    staleTime: 60_000,
    retry: false,
  });
  const items = query.data?.items ?? [];
  const chosen = items.find((item) => item.value === value);
  const shown = items.filter(
    (item) => matchesSearch(item.label, search) || matchesSearch(item.value, search),
  );
  const open = () => {
    setOpened(true);
    combobox.openDropdown();
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      position="bottom-end"
      onOptionSubmit={(picked) => {
        onChange(name, picked);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={<ParamLabel label={spec.label} value={value} />}
          description={
            chosen
              ? `${spec.description ? `${spec.description} ` : ''}Escolhido: ${chosen.label}`
              : spec.description
          }
          withAsterisk={spec.required}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(name, event.currentTarget.value)}
          rightSection={
            <Tooltip label={missing ?? 'Escolher da lista'}>
              <ActionIcon
                variant="subtle"
                aria-label={`Escolher ${spec.label} da lista`}
                disabled={missing !== null}
                onClick={() => (combobox.dropdownOpened ? combobox.closeDropdown() : open())}
              >
                <IconList size={16} />
              </ActionIcon>
            </Tooltip>
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown miw={280}>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Buscar na lista"
        />
        <Combobox.Options>
          <ScrollArea.Autosize mah={260} type="scroll">
            <LookupOptions query={query} shown={shown} value={value} />
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function LookupOptions({
  query,
  shown,
  value,
}: {
  query: { isFetching: boolean; error: unknown; data?: { items: LookupOption[] } | undefined };
  shown: LookupOption[];
  value: string;
}) {
  if (query.isFetching && !query.data) {
    return (
      <Group gap="xs" p="xs">
        <Loader size="xs" />
        <Text size="sm">Buscando a lista…</Text>
      </Group>
    );
  }
  if (query.error) {
    const message = query.error instanceof Error ? query.error.message : String(query.error);
    return <Combobox.Empty>{message}</Combobox.Empty>;
  }
  if (!shown.length) return <Combobox.Empty>Nada encontrado.</Combobox.Empty>;
  return shown.map((item) => (
    <Combobox.Option value={item.value} key={item.value} active={item.value === value}>
      <Text size="sm">{item.label}</Text>
      <Text size="xs" c="dimmed">
        {item.description ?? item.value}
      </Text>
    </Combobox.Option>
  ));
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { newCustomNodeParam } from '@ponte/shared/custom-nodes.schema';
import type { CustomNodeParam, CustomNodeSaveIssue } from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import { CustomNodeParamCard } from './custom-node-param-card';

interface CustomNodeParamsEditorProps {
  params: CustomNodeParam[];
  /** Always the whole list in position order, positions renumbered 0..n-1. */
  onChange: (params: CustomNodeParam[]) => void;
  /** The connector's save issues; those under `params` are shown here. */
  issues: CustomNodeSaveIssue[];
}

/** The params in position order, each with its index in the list the issues speak of. */
export function paramsInOrder(params: CustomNodeParam[]) {
  return params
    .map((param, index) => ({ param, index }))
    .sort((a, b) => a.param.position - b.param.position || a.index - b.index);
}

const renumbered = (params: CustomNodeParam[]) =>
  params.map((param, position) => ({ ...param, position }));

/** 'Parâmetros': add, remove and order the connector's params (spec 2 'Custom connectors'). */
export function CustomNodeParamsEditor({ params, onChange, issues }: CustomNodeParamsEditorProps) {
  const ordered = paramsInOrder(params);
  const list = ordered.map(({ param }) => param);
  const paramIssues = issues.filter((issue) => issue.path[0] === 'params');
  const listIssues = paramIssues.filter((issue) => issue.path.length === 1);

  const replace = (at: number, param: CustomNodeParam) =>
    onChange(renumbered(list.map((current, i) => (i === at ? param : current))));
  const remove = (at: number) => onChange(renumbered(list.filter((_, i) => i !== at)));
  const move = (from: number, to: number) => {
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(renumbered(next));
  };
  const add = () => onChange(renumbered([...list, newCustomNodeParam('text', list.length)]));

  return (
    <Stack gap="sm">
      {list.length ? null : (
        <Text size="sm" c="dimmed">
          Nenhum parâmetro ainda. O handler recebe os parâmetros em params, pelo nome de cada um.
        </Text>
      )}
      {ordered.map(({ param, index }, at) => (
        <CustomNodeParamCard
          key={at}
          param={param}
          index={at}
          count={list.length}
          issues={paramIssues.filter((issue) => issue.path[1] === index)}
          onChange={(next) => replace(at, next)}
          onRemove={() => remove(at)}
          onMove={(to) => move(at, to)}
        />
      ))}
      {listIssues.map((issue) => (
        <Text key={issue.message} size="sm" c="red">
          {issue.message}
        </Text>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={list.length >= limits.customNodeParamsMax}
          onClick={add}
        >
          Adicionar parâmetro
        </Button>
      </Group>
    </Stack>
  );
}

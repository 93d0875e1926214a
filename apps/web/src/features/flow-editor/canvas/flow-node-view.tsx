import { memo } from 'react';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause } from '@tabler/icons-react';
import { NodeDiffBadge } from './node-diff-badge';
import { NodeRunMarks } from './node-run-marks';
import { Handle, Position } from '@xyflow/react';
import type { NodeProps } from '@xyflow/react';
import { AddAfterButton } from './add-after-button';
import { AgentToolMark } from './agent-tool-mark';
import { ConnectorIcon } from './connector-icon';
import classes from './flow-canvas.module.css';
import { errorOutput, type CanvasNode } from './to-react-flow';

const categoryColor: Record<string, string> = {
  trigger: 'teal',
  action: 'blue',
  flow_control: 'orange',
  ai: 'violet',
  brazil: 'green',
  unknown: 'gray',
};

/** One connector on the canvas: its input on the left, named outputs on the right, `error` below. */
export const FlowNodeView = memo(function FlowNodeView({
  id,
  data,
  selected,
  isConnectable,
}: NodeProps<CanvasNode>) {
  const color = categoryColor[data.category] ?? 'gray';
  const outputs = data.outputs;
  return (
    <div
      className={classes.node}
      data-selected={selected || undefined}
      data-issue={data.issue}
      data-disabled={data.disabled || undefined}
      data-highlighted={data.highlighted || undefined}
      data-run={data.run?.state}
      data-diff={data.diff}
      data-testid={`node-${id}`}
      style={{ borderLeftColor: `var(--mantine-color-${color}-6)` }}
    >
      <NodeRunMarks run={data.run} pinned={data.pinned} />
      {data.diff ? <NodeDiffBadge mark={data.diff} /> : null}
      {data.hasInput ? (
        <Handle
          type="target"
          position={Position.Left}
          className={classes.handle}
          isConnectable={isConnectable}
        />
      ) : null}
      <Group gap={8} wrap="nowrap" align="center">
        <div className={classes.icon} style={{ color: `var(--mantine-color-${color}-7)` }}>
          <ConnectorIcon icon={data.icon} image={data.image} custom={data.custom} size={18} />
        </div>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate="end" title={data.label}>
            {data.label}
          </Text>
          {data.label !== data.typeLabel ? (
            <Text size="xs" c="dimmed" truncate="end">
              {data.typeLabel}
            </Text>
          ) : null}
        </div>
        {data.agentTool ? <AgentToolMark kind={data.agentTool} /> : null}
        {data.breakpoint ? (
          <Tooltip label="Breakpoint">
            <IconPlayerPause size={16} color="var(--mantine-color-red-6)" aria-label="Breakpoint" />
          </Tooltip>
        ) : null}
        {data.issue ? (
          <IconAlertTriangle
            size={16}
            aria-label={data.issue === 'error' ? 'Erro no conector' : 'Aviso no conector'}
            color={`var(--mantine-color-${data.issue === 'error' ? 'red' : 'yellow'}-7)`}
          />
        ) : null}
      </Group>
      {data.disabled || data.newerVersion ? (
        <Group gap={4} mt={6}>
          {data.disabled ? (
            <Badge size="xs" color="gray" variant="light">
              Desativado
            </Badge>
          ) : null}
          {data.newerVersion ? (
            <Tooltip
              label={`Existe uma versão mais nova deste conector (versão ${data.newerVersion}).`}
            >
              <Badge size="xs" color="grape" variant="light" data-testid={`newer-version-${id}`}>
                nova versão
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
      ) : null}
      {outputs.map((output, index) => (
        <div
          key={output.name}
          className={classes.output}
          style={{ top: `${((index + 1) / (outputs.length + 1)) * 100}%` }}
        >
          {outputs.length > 1 ? <span className={classes.outputLabel}>{output.label}</span> : null}
          <Handle
            type="source"
            position={Position.Right}
            id={output.name}
            className={classes.handle}
            isConnectable={isConnectable}
            title={output.label}
          />
          <AddAfterButton
            output={output.name}
            nodeLabel={data.label}
            {...(outputs.length > 1 ? { outputLabel: output.label } : {})}
          />
        </div>
      ))}
      <Handle
        type="source"
        position={Position.Bottom}
        id={errorOutput}
        className={`${classes.handle} ${classes.errorHandle}`}
        isConnectable={isConnectable}
        title="Erro"
      />
    </div>
  );
});

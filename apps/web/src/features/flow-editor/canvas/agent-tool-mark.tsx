import { Tooltip } from '@mantine/core';
import { IconHandStop, IconTool } from '@tabler/icons-react';
import type { FlowNodeData } from './to-react-flow';

const looks = {
  call: { Icon: IconTool, label: 'Ferramenta do agente' },
  approval: { Icon: IconHandStop, label: 'Ferramenta do agente: requer aprovação' },
};

/** The mark of a node the flow's agents call; a raised hand when each call waits for a person. */
export function AgentToolMark({ kind }: { kind: NonNullable<FlowNodeData['agentTool']> }) {
  const { Icon, label } = looks[kind];
  return (
    <Tooltip label={label}>
      <Icon
        size={16}
        role="img"
        aria-label={label}
        color="var(--mantine-color-violet-7)"
        style={{ flex: 'none' }}
      />
    </Tooltip>
  );
}

import { useState } from 'react';
import { Alert, ScrollArea, SegmentedControl, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { JsonTree } from '../../../components/json-tree';
import type { DebugLog } from './debugger-state';
import classes from './debugger.module.css';
import { debuggerTexts } from './debugger-texts';
import { readLogMessage } from '../../../lib/log-message';
import { AgentTranscriptView, agentRunOf } from '../node-data/agent-transcript-view';
import { isPlainObject } from '../node-data/node-data-model';

interface DebugLogMessageProps {
  log: DebugLog;
  /** The name of the tree's root, and the start of every path. */
  rootName?: string;
  onSelectPath?: (path: string) => void;
  selectedPath?: string;
}

/**
 * A log's message: a JSON tree, or text (with the notice when it is too large for a tree). An
 * 'Agente de IA' output (`msg.agent`) opens on its conversation, the tree a click away.
 */
export function DebugLogMessage({
  log,
  rootName = 'msg',
  onSelectPath,
  selectedPath,
}: DebugLogMessageProps) {
  const view = readLogMessage(log.item.data.message, log);
  const [shown, setShown] = useState('agent');
  if (view.kind === 'json') {
    const tree = (
      <JsonTree
        value={view.value}
        rootName={rootName}
        onSelectPath={onSelectPath}
        selectedPath={selectedPath}
      />
    );
    const agentRun = isPlainObject(view.value) ? agentRunOf(view.value) : null;
    if (!agentRun) return tree;
    return (
      <Stack gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Visualização"
          value={shown}
          onChange={setShown}
          data={[
            { value: 'agent', label: 'Conversa do agente' },
            { value: 'json', label: 'JSON' },
          ]}
        />
        {shown === 'agent' ? <AgentTranscriptView run={agentRun} /> : tree}
      </Stack>
    );
  }
  return (
    <>
      {view.tooLarge ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} mb="xs" p="xs">
          {debuggerTexts.tooLarge}
        </Alert>
      ) : null}
      <ScrollArea.Autosize mah={360}>
        <pre className={classes.text}>{view.text}</pre>
      </ScrollArea.Autosize>
    </>
  );
}

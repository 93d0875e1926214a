import { Alert, ScrollArea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { JsonTree } from '../../../components/json-tree';
import type { DebugLog } from './debugger-state';
import classes from './debugger.module.css';
import { debuggerTexts } from './debugger-texts';
import { readLogMessage } from '../../../lib/log-message';

interface DebugLogMessageProps {
  log: DebugLog;
  /** The name of the tree's root, and the start of every path. */
  rootName?: string;
  onSelectPath?: (path: string) => void;
  selectedPath?: string;
}

/** A log's message: a JSON tree, or text (with the notice when it is too large for a tree). */
export function DebugLogMessage({
  log,
  rootName = 'msg',
  onSelectPath,
  selectedPath,
}: DebugLogMessageProps) {
  const view = readLogMessage(log.item.data.message, log);
  if (view.kind === 'json') {
    return (
      <JsonTree
        value={view.value}
        rootName={rootName}
        onSelectPath={onSelectPath}
        selectedPath={selectedPath}
      />
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

import { useState, type ReactNode } from 'react';
import { Box, Group, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { NodeDataView } from '../node-data/node-data-view';
import { RunButtons } from '../node-data/run-buttons';
import { LiveAnswer } from './live-answer';
import type { NodePanelData, NodePanelRunActions } from '../run-data/run-data-types';

/** From this width the data sits beside the parameters (two columns, 760 px in all). */
export const wideNodePanelQuery = '(min-width: 75em)';

/**
 * Until a run or pins give the node data, the panel keeps its width (the canvas keeps room to
 * build); the run buttons sit above the parameters.
 */
export const nodePanelShowsData = (
  runData: NodePanelData | undefined,
  runActions: NodePanelRunActions | undefined,
) => runData !== undefined || (runActions?.pins?.length ?? 0) > 0;

interface NodePanelFrameProps {
  className?: string;
  header: ReactNode;
  manifest: NodeManifest | undefined;
  runData: NodePanelData | undefined;
  runActions: NodePanelRunActions | undefined;
  /** A past execution: every parameter field is disabled, and nothing runs or pins. */
  readOnly: boolean;
  /** The node's text as it runs now, shown above everything until it ends. */
  liveText?: string | undefined;
  /** A past execution's action on the node ('Reexecutar a partir daqui'), above the data. */
  pastAction?: ReactNode;
  /** The parameters (a scrolling box). */
  children: ReactNode;
}

const scrolling = { flex: 1, minHeight: 0, overflowY: 'auto' } as const;
const column = { display: 'flex', flexDirection: 'column', minHeight: 0 } as const;
/** A disabled fieldset disables every field inside it without changing the layout. */
const fieldsetStyle = { display: 'contents' } as const;

/**
 * The node panel's frame: the header, then the parameters alone (no run data: as it always
 * was), or with the node's 'Entrada' / 'Saída' beside them on a wide screen and as tabs on a
 * narrow one, so a field can be dragged from the data into a parameter.
 */
export function NodePanelFrame({
  className,
  header,
  manifest,
  runData,
  runActions,
  readOnly,
  liveText,
  pastAction,
  children,
}: NodePanelFrameProps) {
  const wide = useMediaQuery(wideNodePanelQuery) ?? false;
  const withData = nodePanelShowsData(runData, runActions);
  const [dataTab, setDataTab] = useState<string | null>(
    manifest?.category === 'trigger' ? 'output' : 'input',
  );
  const [narrowTab, setNarrowTab] = useState<string | null>('params');

  const params = (
    <fieldset disabled={readOnly} style={fieldsetStyle} aria-label="Parâmetros do conector">
      {children}
    </fieldset>
  );
  const actions = runActions && !readOnly ? runActions : undefined;
  const view = (side: 'input' | 'output') => (
    <Box p="sm" style={scrolling}>
      <NodeDataView
        side={side}
        data={runData}
        manifest={manifest}
        pins={actions?.pins}
        onPin={actions?.onPin}
        readOnly={readOnly}
      />
    </Box>
  );
  const bar = actions ? <RunButtons actions={actions} /> : readOnly ? pastAction : null;
  const runBar = bar ? (
    <Box px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {bar}
    </Box>
  ) : null;
  const tabsStyle = { ...column, flex: 1 } as const;
  const panelStyle = { ...column, flex: 1 } as const;

  let body: ReactNode;
  if (!withData) body = params;
  else if (wide) {
    body = (
      <Group gap={0} wrap="nowrap" align="stretch" style={{ flex: 1, minHeight: 0 }}>
        <Tabs
          value={dataTab}
          onChange={setDataTab}
          keepMounted={false}
          style={{
            ...tabsStyle,
            minWidth: 0,
            borderRight: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="input">Entrada</Tabs.Tab>
            <Tabs.Tab value="output">Saída</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="input" style={panelStyle}>
            {view('input')}
          </Tabs.Panel>
          <Tabs.Panel value="output" style={panelStyle}>
            {view('output')}
          </Tabs.Panel>
        </Tabs>
        <Box w={380} style={{ ...column, flex: 'none' }}>
          {params}
        </Box>
      </Group>
    );
  } else {
    body = (
      <Tabs value={narrowTab} onChange={setNarrowTab} keepMounted={false} style={tabsStyle}>
        <Tabs.List grow>
          <Tabs.Tab value="params">Parâmetros</Tabs.Tab>
          <Tabs.Tab value="input">Entrada</Tabs.Tab>
          <Tabs.Tab value="output">Saída</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="params" style={panelStyle}>
          {params}
        </Tabs.Panel>
        <Tabs.Panel value="input" style={panelStyle}>
          {view('input')}
        </Tabs.Panel>
        <Tabs.Panel value="output" style={panelStyle}>
          {view('output')}
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <Stack
      component="aside"
      aria-label="Configuração do conector"
      // Keys pressed in the panel (its fields, its buttons) are never the canvas's shortcuts.
      className={className ? `${className} nokey` : 'nokey'}
      gap={0}
      w={{ base: '100%', sm: withData && wide ? 760 : 380 }}
      h="100%"
      bg="var(--mantine-color-body)"
      style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}
    >
      {header}
      {runBar}
      {liveText !== undefined && <LiveAnswer text={liveText} />}
      {body}
    </Stack>
  );
}

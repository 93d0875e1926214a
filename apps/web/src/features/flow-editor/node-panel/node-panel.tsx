import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Code, Divider, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { FlowIssue } from '@ponte/shared/flow/flow-validator';
import {
  paramShown,
  type NodeManifest,
  type ParamSpec,
} from '@ponte/shared/flow/node-manifest.schema';
import { AgentFilledParam, AgentToolSection } from './agent-tool-section';
import { takesExpressions } from './expression';
import { NodeIssues } from './node-issues';
import { OnErrorSection } from './on-error-section';
import { NewerVersionNotice } from './newer-version-notice';
import { NodePanelFrame } from './node-panel-frame';
import { NodePanelHeader } from './node-panel-header';
import { FormConsumerWarning } from './form-reference-field';
import { ParamField } from './param-field';
import { QueueConsumerWarning } from './queue-reference-field';
import { ScheduleNextRuns } from './schedule-next-runs';
import { upgradeNodeVersion } from './upgrade-node-version';
import { WebhookUrl } from './webhook-url';
import type { NodePanelData, NodePanelRunActions } from '../run-data/run-data-types';

export interface NodePanelProps {
  node: FlowNode;
  /** undefined: the library does not know the node's type. */
  manifest: NodeManifest | undefined;
  /** The library's newest version of the node's type (offered when the node is older). */
  newest?: NodeManifest | undefined;
  /** The validator's issues about this node. */
  issues: FlowIssue[];
  /** Called with a new node object on every edit. */
  onChange: (next: FlowNode) => void;
  onClose: () => void;
  /** The saved flow's id (null before the first save): shown in a webhook trigger's URL. */
  flowId?: string | null;
  className?: string;
  /** The node's data in the run looked at ('Entrada' / 'Saída', docs/adr/0089). */
  runData?: NodePanelData;
  /** Run to here, run this node, pin: absent in a past execution. */
  runActions?: NodePanelRunActions;
  /** A past execution: the parameters are shown, not edited. */
  readOnly?: boolean;
  /** The node's text as it runs now ('Resposta em andamento…', docs/adr/0102). */
  liveText?: string;
  /** A past execution's action on the node ('Reexecutar a partir daqui', docs/adr/0113). */
  pastAction?: ReactNode;
}

type OptionalField =
  'label' | 'breakpoint' | 'breakpointCondition' | 'disabled' | 'agentTool' | 'onError';

/** The node with one optional field set, or left out when empty or off. */
function withField<K extends OptionalField>(node: FlowNode, key: K, value: FlowNode[K]): FlowNode {
  const next = { ...node };
  if (value === undefined || value === '' || value === false) delete next[key];
  else next[key] = value;
  return next;
}

const ignoreEdit = () => {};

const usesExpressions = (spec: ParamSpec) =>
  takesExpressions(spec) ||
  (spec.type === 'table-params' && spec.columns.some((column) => column.type === 'text'));

/**
 * The side panel of the flow editor: the selected node's name, debug switches and one field
 * per manifest param, in manifest order. Controlled by `node`; defaults are shown, not written.
 */
export function NodePanel({
  node,
  manifest,
  newest,
  issues,
  onChange,
  onClose,
  flowId = null,
  className,
  runData,
  runActions,
  readOnly = false,
  liveText,
  pastAction,
}: NodePanelProps) {
  // Fields get a stable callback (they are memoised) that always edits the latest node; a
  // past execution's node is never edited.
  const edit = readOnly ? ignoreEdit : onChange;
  const latest = useRef({ node, onChange: edit });
  useLayoutEffect(() => {
    latest.current = { node, onChange: edit };
  });
  const setParam = useCallback((name: string, value: unknown) => {
    const { node: current, onChange: emit } = latest.current;
    const next = { ...current, params: { ...current.params, [name]: value } };
    latest.current = { ...latest.current, node: next };
    emit(next);
  }, []);
  const setField = <K extends OptionalField>(key: K, value: FlowNode[K]) =>
    edit(withField(node, key, value));

  // A param another one hides (`showWhen`) keeps its value: choosing back shows it again.
  const params = manifest
    ? Object.entries(manifest.params).filter(([, spec]) =>
        paramShown(manifest.params, spec, node.params),
      )
    : [];

  const byModel = new Set(node.agentTool?.params);

  return (
    <NodePanelFrame
      className={className}
      header={<NodePanelHeader node={node} manifest={manifest} onClose={onClose} />}
      manifest={manifest}
      runData={runData}
      runActions={runActions}
      readOnly={readOnly}
      liveText={liveText}
      pastAction={pastAction}
    >
      {/* Keyed by uid: another node gets fresh field state (and scroll position). */}
      <Box key={node.uid} p="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Stack gap="md">
          {issues.length > 0 && <NodeIssues issues={issues} />}
          {newest && newest.version > node.typeVersion && (
            <NewerVersionNotice
              version={newest.version}
              onUpdate={() => edit(upgradeNodeVersion(node, newest))}
            />
          )}
          {!manifest ? (
            <Alert color="red" title="Tipo de conector desconhecido">
              O tipo “{node.type}” não está na biblioteca de conectores. Este conector não pode ser
              configurado nem executado; remova-o ou troque-o por outro.
            </Alert>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {manifest.description}
              </Text>
              <TextInput
                label="Nome do conector"
                placeholder={manifest.label}
                maxLength={200}
                value={node.label ?? ''}
                onChange={(event) => setField('label', event.currentTarget.value)}
              />
              <Switch
                label="Breakpoint"
                description="No modo debug, a execução pausa quando este conector terminar."
                checked={node.breakpoint === true}
                onChange={(event) => setField('breakpoint', event.currentTarget.checked)}
              />
              {node.breakpoint === true && (
                <TextInput
                  label="Condição do breakpoint (JSONata, opcional)"
                  description="Pausa só quando a condição for verdadeira. Disponíveis: msg, flow e vars."
                  placeholder="msg.payload.total > 100"
                  maxLength={2000}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  value={node.breakpointCondition ?? ''}
                  onChange={(event) => setField('breakpointCondition', event.currentTarget.value)}
                />
              )}
              <Switch
                label="Desativado"
                description="Um conector desativado não é executado: a mensagem segue adiante sem mudanças."
                checked={node.disabled === true}
                onChange={(event) => setField('disabled', event.currentTarget.checked)}
              />
              {node.type === 'core_queue_trigger' && (
                <QueueConsumerWarning queue={node.params.queue} flowId={flowId} />
              )}
              {node.type === 'core_form_trigger' && (
                <FormConsumerWarning form={node.params.form} flowId={flowId} />
              )}
              {node.type === 'core_webhook_trigger' && (
                <WebhookUrl flowId={flowId} path={node.params.path} />
              )}
              {/^svc_[a-z0-9_]+_trigger$/.test(node.type) && (
                <WebhookUrl
                  flowId={flowId}
                  hookNode={node.uid}
                  registered={manifest?.registersHook === true}
                />
              )}
              <AgentToolSection
                node={node}
                manifest={manifest}
                onChange={(tool) => setField('agentTool', tool)}
              />
              <Divider label="Parâmetros" labelPosition="left" />
              {params.length === 0 && (
                <Text size="sm" c="dimmed">
                  Este conector não tem parâmetros.
                </Text>
              )}
              {params.some(([, spec]) => usesExpressions(spec)) && (
                <Text size="xs" c="dimmed">
                  Use <Code>{'{{ msg.payload.campo }}'}</Code> para usar valores da mensagem
                </Text>
              )}
              {params.map(([name, spec]) =>
                byModel.has(name) ? (
                  <AgentFilledParam key={name} spec={spec} />
                ) : (
                  <ParamField
                    key={name}
                    name={name}
                    spec={spec}
                    value={node.params[name]}
                    outputColumn={
                      manifest.dynamicOutputs?.param === name
                        ? manifest.dynamicOutputs.key
                        : undefined
                    }
                    onChange={setParam}
                    expressionSample={runData?.runs?.at(-1)?.input ?? null}
                    flowId={flowId}
                    lookupNode={
                      spec.lookup
                        ? {
                            type: node.type,
                            version: node.typeVersion ?? manifest.version,
                            params: node.params,
                            labels: Object.fromEntries(
                              Object.entries(manifest.params).map(([key, p]) => [key, p.label]),
                            ),
                          }
                        : undefined
                    }
                  />
                ),
              )}
              {node.type === 'core_schedule_trigger' && <ScheduleNextRuns params={node.params} />}
              <OnErrorSection
                node={node}
                manifest={manifest}
                readOnly={readOnly}
                onChange={(policy) => setField('onError', policy)}
              />
            </>
          )}
        </Stack>
      </Box>
    </NodePanelFrame>
  );
}

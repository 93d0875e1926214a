import { Checkbox, Divider, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import {
  paramShown,
  type NodeManifest,
  type ParamSpec,
} from '@ponte/shared/flow/node-manifest.schema';

export type AgentTool = NonNullable<FlowNode['agentTool']>;

/** The 'Agente de IA' node: it calls tools, it is not one. */
const agentNodeType = 'svc_agent';

export const agentFilledNote = 'Preenchido pelo agente';
export const approvalLabel = 'Requer aprovação';
export const emptyDescriptionError = 'Descreva o que a ferramenta faz.';

/** Actions and AI steps may be an agent's tool; triggers, flow control and the agent may not. */
export function canBeAgentTool(manifest: NodeManifest): boolean {
  return (
    (manifest.category === 'action' ||
      manifest.category === 'ai' ||
      manifest.category === 'brazil') &&
    manifest.type !== agentNodeType
  );
}

interface ToolParam {
  name: string;
  spec: ParamSpec;
  /** Checked but hidden by the current configuration (`showWhen`): listed so it can be unchecked. */
  hidden: boolean;
}

/** The marking with 'Requer aprovação' on, or without the field when off (never `false`). */
function withApproval({ approval: _old, ...tool }: AgentTool, required: boolean): AgentTool {
  return required ? { ...tool, approval: true } : tool;
}

/**
 * The params the model may fill, in manifest order: those the form shows with the current
 * configuration (the same `showWhen` rule), plus checked ones it hides now. An account is
 * never offered: the model does not pick credentials.
 */
function toolParams(manifest: NodeManifest, node: FlowNode, checked: string[]): ToolParam[] {
  return Object.entries(manifest.params).flatMap(([name, spec]) => {
    if (spec.type === 'service_account') return [];
    const hidden = !paramShown(manifest.params, spec, node.params);
    return hidden && !checked.includes(name) ? [] : [{ name, spec, hidden }];
  });
}

interface AgentToolSectionProps {
  node: FlowNode;
  manifest: NodeManifest;
  /** The new marking, or undefined to turn it off. */
  onChange: (tool: AgentTool | undefined) => void;
}

/**
 * 'Ferramenta do agente' (docs/ai.md): whether the flow's agents may call this node, what the
 * model is told it does, and which params the model fills (those are entirely the model's).
 */
export function AgentToolSection({ node, manifest, onChange }: AgentToolSectionProps) {
  const tool = node.agentTool;
  // A marking brought by an import on a node that cannot be a tool can still be turned off.
  if (!tool && !canBeAgentTool(manifest)) return null;
  const params = toolParams(manifest, node, tool?.params ?? []);
  return (
    <>
      <Divider label="Ferramenta do agente" labelPosition="left" />
      <Switch
        label="Usar como ferramenta do agente"
        description="Os conectores 'Agente de IA' deste fluxo podem chamá-lo quando o modelo pedir; ele não é executado pelas conexões."
        checked={tool !== undefined}
        onChange={(event) =>
          onChange(event.currentTarget.checked ? { description: '', params: [] } : undefined)
        }
      />
      {tool ? (
        <>
          <Textarea
            label="Descrição para o modelo"
            withAsterisk
            description="Diga o que esta ferramenta faz e quando usá-la: o modelo escolhe as ferramentas por esta descrição."
            placeholder="Consulta um pedido pelo número e devolve o status e o prazo de entrega."
            maxLength={1000}
            autosize
            minRows={2}
            maxRows={8}
            value={tool.description}
            error={tool.description.trim() ? undefined : emptyDescriptionError}
            onChange={(event) => onChange({ ...tool, description: event.currentTarget.value })}
          />
          <Checkbox.Group
            label="O modelo preenche"
            description="Os parâmetros marcados são escritos pelo modelo a cada chamada; os outros mantêm o valor configurado abaixo."
            value={tool.params}
            onChange={(names) =>
              onChange({
                ...tool,
                params: params.map(({ name }) => name).filter((name) => names.includes(name)),
              })
            }
          >
            <Stack gap={6} mt={6}>
              {params.map(({ name, spec, hidden }) => (
                <Checkbox
                  key={name}
                  value={name}
                  label={spec.label}
                  description={hidden ? 'Oculto na configuração atual.' : undefined}
                />
              ))}
              {params.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Este conector não tem parâmetros que o modelo possa preencher.
                </Text>
              ) : null}
            </Stack>
          </Checkbox.Group>
          <Checkbox
            label={approvalLabel}
            description="Cada chamada espera uma pessoa aprovar ou rejeitar, em Monitoramento > Execuções em tempo real ou pelo link de aprovação."
            checked={tool.approval === true}
            onChange={(event) => onChange(withApproval(tool, event.currentTarget.checked))}
          />
        </>
      ) : null}
    </>
  );
}

/** A param the model fills, in place of its field: the configured value is not used. */
export function AgentFilledParam({ spec }: { spec: ParamSpec }) {
  return (
    <TextInput
      label={spec.label}
      description={agentFilledNote}
      placeholder="O modelo escreve este valor a cada chamada."
      value=""
      disabled
      readOnly
    />
  );
}

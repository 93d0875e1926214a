import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type {
  AgentModelEntry,
  AgentRunData,
  AgentToolEntry,
} from '@ponte/shared/flow/agent-transcript';
import type { PersonalDataKind } from '@ponte/shared/brazil/personal-data';
import { JsonTree } from '../../../components/json-tree';
import { formatNodeDuration, isPlainObject } from './node-data-model';

/** The agent's run in a message (`msg.agent`, docs/ai.md) when it holds a transcript. */
export function agentRunOf(msg: Record<string, unknown>): AgentRunData | null {
  const agent = msg.agent;
  if (!isPlainObject(agent) || !Array.isArray(agent.transcript)) return null;
  return agent as unknown as AgentRunData;
}

const maskedKindLabels: Record<PersonalDataKind, string> = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  EMAIL: 'E-mail',
  TELEFONE: 'Telefone',
  CEP: 'CEP',
  CARTAO: 'Cartão',
};

const toolKindLabels: Record<AgentToolEntry['kind'], string> = {
  node: 'conector',
  flow: 'fluxo',
  mcp: 'MCP',
};

const integer = new Intl.NumberFormat('pt-BR');
const tokensText = (tokens: { entrada: number; saida: number }) =>
  `${integer.format(tokens.entrada)} de entrada, ${integer.format(tokens.saida)} de saída`;

/** 'CPF: 2, E-mail: 1'; null when nothing was masked. */
function maskedText(masked: AgentRunData['masked']): string | null {
  const counts = Object.entries(masked ?? {}).filter(([, count]) => count > 0);
  if (!counts.length) return null;
  return counts
    .map(([kind, count]) => `${maskedKindLabels[kind as PersonalDataKind] ?? kind}: ${count}`)
    .join(', ');
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/**
 * 'Conversa do agente': the totals of an 'Agente de IA' run, then every model answer and tool
 * call in the order they happened, inputs and outputs as JSON trees.
 */
export function AgentTranscriptView({ run }: { run: AgentRunData }) {
  const masked = maskedText(run.masked);
  return (
    <Stack gap="xs">
      <Group gap="lg">
        <Fact label="Modelo">{`${run.model} (${run.provider})`}</Fact>
        <Fact label="Passos">{integer.format(run.steps)}</Fact>
        <Fact label="Tokens">{tokensText(run.tokens)}</Fact>
        <Fact label="Dados mascarados">{masked ?? 'nenhum'}</Fact>
        {run.conversation ? <Fact label="Conversa">{run.conversation}</Fact> : null}
      </Group>
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {run.transcript.map((entry, index) => (
          <li key={index}>
            {entry.type === 'model' ? <ModelEntry entry={entry} /> : <ToolEntry entry={entry} />}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function ModelEntry({ entry }: { entry: AgentModelEntry }) {
  return (
    <Paper withBorder p="xs" aria-label={`Passo ${entry.step}: ${entry.model}`}>
      <Group gap={6} justify="space-between" wrap="wrap">
        <Group gap={6}>
          <Badge size="sm" color="violet" variant="light">
            Modelo
          </Badge>
          <Text size="sm" fw={500}>
            Passo {entry.step} · {entry.model}
          </Text>
          {entry.fallback ? (
            <Tooltip label="O modelo reserva respondeu porque o principal falhou.">
              <Badge size="sm" color="yellow" variant="light">
                reserva
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {`${tokensText(entry.tokens)} · ${formatNodeDuration(entry.duration_ms)}`}
        </Text>
      </Group>
      {entry.text ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.text}
        </Text>
      ) : null}
      {entry.tool_calls.length > 0 ? (
        <Text size="xs" c="dimmed" mt={4}>
          Pediu: {entry.tool_calls.map((call) => call.name).join(', ')}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Who approved or rejected a tool that requires approval (docs/adr/0100). */
function ApprovalBadge({ approval }: { approval: NonNullable<AgentToolEntry['approval']> }) {
  const approved = approval.decision === 'approved';
  const text = `${approved ? 'Aprovada' : 'Rejeitada'} por ${approval.by}`;
  return (
    <Tooltip label={approval.reason ? `Motivo: ${approval.reason}` : text} multiline maw={320}>
      <Badge size="xs" color={approved ? 'teal' : 'orange'} variant="light">
        {text}
      </Badge>
    </Tooltip>
  );
}

function ToolEntry({ entry }: { entry: AgentToolEntry }) {
  return (
    <Paper withBorder p="xs" aria-label={`Ferramenta ${entry.name}`}>
      <Group gap={6} justify="space-between" wrap="wrap">
        <Group gap={6}>
          <Badge size="sm" color={entry.error ? 'red' : 'blue'} variant="light">
            Ferramenta
          </Badge>
          <Text size="sm" fw={500} ff="monospace">
            {entry.name}
          </Text>
          <Badge size="xs" color="gray" variant="outline">
            {toolKindLabels[entry.kind] ?? entry.kind}
          </Badge>
          {entry.approval ? <ApprovalBadge approval={entry.approval} /> : null}
        </Group>
        <Text size="xs" c="dimmed">
          {formatNodeDuration(entry.duration_ms)}
        </Text>
      </Group>
      <JsonTree value={entry.input} rootName="entrada" openDepth={1} />
      {entry.error ? (
        <Text size="sm" c="red" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Erro: {entry.error}
        </Text>
      ) : (
        <JsonTree value={entry.output ?? null} rootName="saída" openDepth={1} />
      )}
    </Paper>
  );
}

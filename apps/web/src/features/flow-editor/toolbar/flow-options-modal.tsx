import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Textarea } from '@mantine/core';
import {
  flowConfigSchema,
  saveExecutionsSchema,
  type FlowConfigValues,
  type SaveExecutions,
} from '@ponte/shared/flows.schema';
import { flowRetentionDaysSchema } from '@ponte/shared/lgpd/lgpd.schema';
import { FlowOptionsRetention } from './flow-options-retention';
import { FlowOptionsLgpd, maskOptionsOf } from './flow-options-lgpd';
import { FlowOptionsRegister, registerFieldsOf, withRegister } from './flow-options-register';

export type FlowConfig = FlowConfigValues;

/** What is kept of each execution (docs/adr/0060), in the order a person reads them. */
const saveOptions: { value: SaveExecutions; label: string }[] = [
  { value: 'default', label: 'Padrão da instância' },
  { value: 'all', label: 'Tudo' },
  { value: 'errors', label: 'Só erros e logs do usuário' },
  { value: 'none', label: 'Só a execução' },
];

interface FlowOptionsModalProps {
  opened: boolean;
  config: FlowConfig;
  onClose: () => void;
  onApply: (config: FlowConfig) => void;
}

/** Toolbar → Configurações → 'Opções do Flow' (spec 1 §2.6, §5). */
export function FlowOptionsModal({ opened, config, onClose, onApply }: FlowOptionsModalProps) {
  return (
    // 'lg': the legal bases of 'Registro de tratamento' are long, and a narrower select cut them.
    <Modal opened={opened} onClose={onClose} title="Opções do Flow" centered size="lg">
      <OptionsForm config={config} onCancel={onClose} onApply={onApply} />
    </Modal>
  );
}

function OptionsForm({
  config,
  onCancel,
  onApply,
}: {
  config: FlowConfig;
  onCancel: () => void;
  onApply: (config: FlowConfig) => void;
}) {
  const [rateLimit, setRateLimit] = useState<string | number>(config.rate_limit);
  const [save, setSave] = useState<SaveExecutions>(config.save_executions);
  const [continueUnawaited, setContinueUnawaited] = useState(config.continue_unawaited);
  const [toolEnabled, setToolEnabled] = useState(config.mcp_tool?.enabled ?? false);
  const [toolDescription, setToolDescription] = useState(config.mcp_tool?.description ?? '');
  const [masking, setMasking] = useState(() => maskOptionsOf(config.lgpd));
  const maskingSet = config.lgpd || masking.mask !== 'default' || masking.mask_paths.length;
  const [register, setRegister] = useState(() => registerFieldsOf(config));
  const [retentionDays, setRetentionDays] = useState<string | number>(config.retention_days ?? '');
  const retention = flowRetentionDaysSchema.safeParse(retentionDays === '' ? null : retentionDays);

  // Spec 1 §5: empty or ≤ 0 becomes 0, decimals are cut to integers (the shared schema's rule).
  const apply = () =>
    retention.success &&
    onApply(
      withRegister(
        flowConfigSchema.parse({
          // The options this form does not show (LGPD, retention) are kept as they were.
          ...config,
          rate_limit: rateLimit === '' ? 0 : rateLimit,
          save_executions: save,
          continue_unawaited: continueUnawaited,
          ...(maskingSet ? { lgpd: { ...config.lgpd, ...masking } } : {}),
          // Sent once set, so that emptying it is saved too.
          ...(retention.data !== null || config.retention_days != null
            ? { retention_days: retention.data }
            : {}),
          // Kept once set, so that turning it off is saved too (docs/adr/0098).
          ...(toolEnabled || config.mcp_tool
            ? { mcp_tool: { enabled: toolEnabled, description: toolDescription } }
            : {}),
        }),
        register,
      ),
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      noValidate
    >
      <Stack gap="md">
        <NumberInput
          label="Limite de execuções simultâneas"
          description="0 significa sem limite."
          min={0}
          step={1}
          value={rateLimit}
          onChange={setRateLimit}
          data-autofocus
        />
        <Select
          label="Dados das execuções"
          description="O que fica guardado de cada execução deste flow. Com 'Só erros e logs do usuário', as execuções que falham são guardadas inteiras; com 'Só a execução', ficam só o status e os tempos, sem logs. Uma execução com Debug guarda sempre tudo."
          data={saveOptions}
          value={save}
          onChange={(value) => setSave(saveExecutionsSchema.catch('default').parse(value))}
          allowDeselect={false}
        />
        <FlowOptionsRetention
          value={retentionDays}
          onChange={setRetentionDays}
          error={retention.success ? undefined : retention.error.issues[0]?.message}
        />
        <Switch
          label="Continuar quando ninguém espera a resposta"
          description="Quando quem chamou o flow desiste de esperar (o webhook respondeu 504 por tempo esgotado, o formulário avisou que o tempo acabou, o flow que o chamou parou), a execução continua até o fim. Desligado, ela é interrompida. Uma execução que ainda não tinha começado nesse momento nunca começa: quem chamou recebe 503 e pode tentar de novo."
          checked={continueUnawaited}
          onChange={(event) => setContinueUnawaited(event.currentTarget.checked)}
        />
        <Switch
          label="Disponível como ferramenta MCP"
          description="Clientes MCP (Claude, Cursor) com um token de API do workspace podem chamar este flow. Só para flows iniciados por 'Chamado por outro flow': as entradas desse gatilho são os parâmetros da ferramenta."
          checked={toolEnabled}
          onChange={(event) => setToolEnabled(event.currentTarget.checked)}
        />
        {toolEnabled && (
          <Textarea
            label="Descrição da ferramenta"
            description="O que o flow faz e quando usá-lo: é o que o modelo lê para decidir chamá-lo. Vazia, vale o nome do flow."
            autosize
            minRows={2}
            maxLength={1000}
            value={toolDescription}
            onChange={(event) => setToolDescription(event.currentTarget.value)}
          />
        )}
        <FlowOptionsLgpd value={masking} onChange={setMasking} />
        <FlowOptionsRegister value={register} onChange={setRegister} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit">Aplicar</Button>
        </Group>
      </Stack>
    </form>
  );
}

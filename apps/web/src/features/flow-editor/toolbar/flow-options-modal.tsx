import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { flowConfigSchema } from '@ponte/shared/flows.schema';

export interface FlowConfig {
  rate_limit: number;
}

interface FlowOptionsModalProps {
  opened: boolean;
  config: FlowConfig;
  onClose: () => void;
  onApply: (config: FlowConfig) => void;
}

/** Toolbar → Configurações → 'Opções do Flow' (spec 1 §2.6, §5). */
export function FlowOptionsModal({ opened, config, onClose, onApply }: FlowOptionsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Opções do Flow" centered>
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

  // Spec 1 §5: empty or ≤ 0 becomes 0, decimals are cut to integers (the shared schema's rule).
  const apply = () =>
    onApply(flowConfigSchema.parse({ rate_limit: rateLimit === '' ? 0 : rateLimit }));

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

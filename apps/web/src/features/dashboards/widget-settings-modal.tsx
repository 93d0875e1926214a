import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { widgetConfigIssue } from '@ponte/shared/dashboards.schema';
import type { FontSize, Widget, WidgetConfig } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { useFlowNames } from '../../lib/flows/api/get-flow-names';
import { WidgetPeriodFields } from './widget-period-fields';
import { WidgetTypeFields } from './widget-type-fields';

const fontSizeLabels: Record<FontSize, string> = { p: 'Pequena', m: 'Média', g: 'Grande' };

interface WidgetSettingsModalProps {
  /** The widget being configured; null when the modal is closed. */
  widget: Widget | null;
  onSave: (config: WidgetConfig) => void;
  onCancel: () => void;
}

/** A widget's settings (spec 2 §3 widget config, §5 'Dashboard'); 'Cancelar' discards. */
export function WidgetSettingsModal({ widget, onSave, onCancel }: WidgetSettingsModalProps) {
  return (
    <Modal
      opened={widget !== null}
      onClose={onCancel}
      title={widget ? `Configurar: ${messages.dashboards.widgetTypes[widget.type]}` : ''}
      size="lg"
    >
      {widget ? (
        <WidgetSettingsForm key={widget.id} widget={widget} onSave={onSave} onCancel={onCancel} />
      ) : null}
    </Modal>
  );
}

function FlowSelect({ config, patch }: { config: WidgetConfig; patch: Patch }) {
  const { flows, isPending } = useFlowNames();
  return (
    <Select
      label="Flow"
      placeholder={isPending ? 'Carregando flows...' : 'Todos os flows'}
      searchable
      clearable
      nothingFoundMessage="Nenhum flow encontrado"
      data={flows.map((flow) => ({ value: flow._id, label: flow.name || flow._id }))}
      value={config.flow_id ?? null}
      onChange={(value) => patch({ flow_id: value })}
    />
  );
}

type Patch = (change: Partial<WidgetConfig>) => void;

function WidgetSettingsForm({
  widget,
  onSave,
  onCancel,
}: {
  widget: Widget;
  onSave: (config: WidgetConfig) => void;
  onCancel: () => void;
}) {
  const [config, setConfig] = useState(widget.config);
  const [issue, setIssue] = useState<string | null>(null);
  const patch: Patch = (change) => setConfig((current) => ({ ...current, ...change }));
  const withData = widget.type !== 'text_html';
  const save = () => {
    const found = widgetConfigIssue(widget.type, config);
    setIssue(found);
    if (!found) onSave(config);
  };
  return (
    <Stack gap="sm">
      {withData ? (
        <>
          <WidgetPeriodFields config={config} patch={patch} />
          {widget.type !== 'database_list' ? <FlowSelect config={config} patch={patch} /> : null}
        </>
      ) : null}
      <TextInput
        label="Legenda"
        maxLength={200}
        value={config.label}
        onChange={(event) => patch({ label: event.currentTarget.value })}
      />
      <Group gap="lg" wrap="wrap">
        <Checkbox
          label="Mostrar a legenda"
          checked={config.show_label}
          onChange={(event) => patch({ show_label: event.currentTarget.checked })}
        />
        {withData && widget.type !== 'database_list' ? (
          <Checkbox
            label="Mostrar o nome do flow"
            checked={config.show_flow_name}
            onChange={(event) => patch({ show_flow_name: event.currentTarget.checked })}
          />
        ) : null}
      </Group>
      <Select
        label="Tamanho da fonte"
        allowDeselect={false}
        data={(['p', 'm', 'g'] as const).map((size) => ({
          value: size,
          label: fontSizeLabels[size],
        }))}
        value={config.font_size}
        onChange={(value) => value && patch({ font_size: value as FontSize })}
      />
      <WidgetTypeFields type={widget.type} config={config} patch={patch} />
      {issue ? (
        <Alert color="red" variant="light" role="alert">
          {issue}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={save}>Salvar</Button>
      </Group>
    </Stack>
  );
}

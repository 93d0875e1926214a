import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';

interface ExportPinsModalProps {
  opened: boolean;
  /** 'Dados fixados em: …' */
  notice: string;
  onCancel: () => void;
  onExport: (includePins: boolean) => void;
}

/** 'Exportar para arquivo' of a flow holding pins: whether the file carries them (default no). */
export function ExportPinsModal({ opened, notice, onCancel, onExport }: ExportPinsModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Exportar para arquivo" centered>
      {opened ? <ExportPinsForm notice={notice} onCancel={onCancel} onExport={onExport} /> : null}
    </Modal>
  );
}

function ExportPinsForm({ notice, onCancel, onExport }: Omit<ExportPinsModalProps, 'opened'>) {
  const [include, setInclude] = useState(false);
  return (
    <Stack gap="md">
      <Text size="sm">{notice}</Text>
      <Checkbox
        label="Incluir dados fixados"
        description="Os dados fixados podem conter dados reais de clientes ou de serviços."
        checked={include}
        onChange={(event) => setInclude(event.currentTarget.checked)}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={() => onExport(include)}>Exportar</Button>
      </Group>
    </Stack>
  );
}

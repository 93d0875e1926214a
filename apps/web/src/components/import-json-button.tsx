import type { Ref } from 'react';
import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { DeniedButton } from './denied-button';

interface ImportJsonButtonProps {
  /** Why the role cannot save what an import would fill in (docs/adr/0106); null when it may. */
  denied: string | null;
  resetRef: Ref<() => void>;
  onPick: (file: File | null) => void;
}

/** 'Importar' of an editor: a JSON file, or, for a role that cannot save, disabled with why. */
export function ImportJsonButton({ denied, resetRef, onPick }: ImportJsonButtonProps) {
  if (denied) {
    return (
      <DeniedButton denied={denied} variant="default" leftSection={<IconUpload size={16} />}>
        Importar
      </DeniedButton>
    );
  }
  return (
    <FileButton resetRef={resetRef} onChange={onPick} accept=".json,application/json">
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconUpload size={16} />}>
          Importar
        </Button>
      )}
    </FileButton>
  );
}

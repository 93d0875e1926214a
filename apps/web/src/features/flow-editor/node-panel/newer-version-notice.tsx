import { Alert, Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

interface NewerVersionNoticeProps {
  version: number;
  onUpdate: () => void;
}

/** A node pinned to an older version of its type: says so and offers the update. */
export function NewerVersionNotice({ version, onUpdate }: NewerVersionNoticeProps) {
  return (
    <Alert color="grape" variant="light" p="sm">
      Existe uma versão mais nova deste conector (versão {version}).
      <Button
        mt="xs"
        size="xs"
        variant="light"
        color="grape"
        display="block"
        leftSection={<IconRefresh size={14} />}
        onClick={onUpdate}
      >
        Atualizar para a versão {version}
      </Button>
    </Alert>
  );
}

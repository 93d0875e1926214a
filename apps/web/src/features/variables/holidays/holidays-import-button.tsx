import { useRef } from 'react';
import { Button, FileButton } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import { DeniedButton } from '../../../components/denied-button';
import { isApiError } from '../../../lib/api/api-error';
import { toast } from '../../../lib/toasts';
import { useImportHolidays } from './api/import-holidays';
import { readSheetText } from './read-sheet-text';

const m = messages.holidays;

/**
 * 'Importar CSV' of the 'Feriados' tab: a sheet saved as CSV (`;`, DD/MM/AAAA, nome, sim/não).
 * The server checks every line; a refused file says which lines, and nothing is added.
 */
export function HolidaysImportButton({ denied }: { denied: string | null }) {
  const importing = useImportHolidays();
  const resetRef = useRef<() => void>(null);
  const label = 'Importar CSV';

  const pick = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    try {
      const { created, skipped } = await importing.mutateAsync(await readSheetText(file));
      toast.success(m.imported(created, skipped));
    } catch (error) {
      const told = isApiError(error) && [400, 413, 429].includes(error.status);
      toast.error(told ? error.message : m.importFailed);
    }
  };

  if (denied) {
    return (
      <DeniedButton denied={denied} variant="default" leftSection={<IconFileImport size={16} />}>
        {label}
      </DeniedButton>
    );
  }
  return (
    <FileButton resetRef={resetRef} onChange={(file) => void pick(file)} accept=".csv,text/csv">
      {(props) => (
        <Button
          {...props}
          variant="default"
          loading={importing.isPending}
          leftSection={<IconFileImport size={16} />}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}

import { useState } from 'react';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileDescription } from '@tabler/icons-react';
import { registerPageSize } from '@ponte/shared/lgpd/register.schema';
import { EmptyState } from '../../components/empty-state';
import { PaginatedTable } from '../../components/paginated-table';
import { errorMessage } from '../../lib/api/api-error';
import { downloadBlob } from '../../lib/download-text';
import { toast } from '../../lib/toasts';
import { downloadRegister, type RegisterExportFormat } from './api/register-export';
import { useRegister } from './api/register-list';
import { registerColumns } from './register-columns';

/** The file's name when the server sends none. */
const fallbackNames: Record<RegisterExportFormat, string> = {
  csv: 'registro-de-tratamento.csv',
  pdf: 'registro-de-tratamento.pdf',
};

function ExportButtons({ missing }: { missing: boolean }) {
  const [exporting, setExporting] = useState<RegisterExportFormat | null>(null);
  const download = async (format: RegisterExportFormat) => {
    setExporting(format);
    try {
      const file = await downloadRegister(format, missing);
      downloadBlob(file.filename ?? fallbackNames[format], file.blob);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(null);
    }
  };
  return (
    <Group gap="sm">
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting === format}
          disabled={exporting !== null && exporting !== format}
          onClick={() => void download(format)}
        >
          {format === 'csv' ? 'Exportar CSV' : 'Exportar PDF'}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The 'Registro de tratamento' tab of /lgpd (docs/adr/0125): every flow of the workspace with
 * its entry in the register of processing (finalidade, base legal, categorias, prazo de guarda)
 * and what Ponte knows of it (retention, masking); the flows without an entry show as
 * 'Sem registro'. Each entry is edited in its flow's 'Opções do Flow'.
 */
export function RegisterTab() {
  const [page, setPage] = useState(1);
  const [missing, setMissing] = useState(false);
  const register = useRegister(page, missing);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const { data } = register;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        O registro das operações de tratamento de dados pessoais (LGPD, art. 37): para que cada flow
        trata dados pessoais, com qual base legal, quais categorias de dados e por quanto tempo.
        Cada registro é preenchido no próprio flow, em Configurações → Opções do Flow → Registro de
        tratamento (LGPD).
      </Text>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Switch
          label="Só sem registro"
          checked={missing}
          onChange={(event) => {
            setMissing(event.currentTarget.checked);
            setPage(1);
          }}
        />
        <ExportButtons missing={missing} />
      </Group>
      {register.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(register.error)}
        </Alert>
      ) : (
        <PaginatedTable
          label="Registro de tratamento"
          columns={registerColumns}
          rows={data?.items ?? []}
          rowKey={(entry) => entry.flow_id}
          page={page}
          total={data?.total ?? 0}
          pageSize={registerPageSize}
          onPageChange={setPage}
          loading={register.isPending}
          cards={isPhone}
          empty={
            <EmptyState
              icon={<IconFileDescription size={28} stroke={1.5} />}
              title={
                missing ? 'Todos os flows têm registro.' : 'Este workspace ainda não tem flows.'
              }
            />
          }
        />
      )}
    </Stack>
  );
}

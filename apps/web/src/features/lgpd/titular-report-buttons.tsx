import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { downloadTitularReport } from './api/download-titular-report';

/** 'Baixar relatório' of a request, as PDF or CSV. */
export function TitularReportButtons({ requestId, label }: { requestId: string; label?: string }) {
  const download = (format: 'pdf' | 'csv') =>
    downloadTitularReport(requestId, format).catch((error: unknown) =>
      toast.error(errorMessage(error)),
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        onClick={() => void download('pdf')}
        aria-label={`${label ?? 'Baixar relatório'} em PDF`}
      >
        PDF
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        onClick={() => void download('csv')}
        aria-label={`${label ?? 'Baixar relatório'} em CSV`}
      >
        CSV
      </Button>
    </Group>
  );
}

import { apiDownload } from '../../../lib/api/api-client';
import { downloadBlob } from '../../../lib/download-text';

/** GET /api/v1/lgpd/titulars/requests/{id}/report?format: the request's report, saved as a file. */
export async function downloadTitularReport(requestId: string, format: 'csv' | 'pdf') {
  const { blob, filename } = await apiDownload(
    `/api/v1/lgpd/titulars/requests/${encodeURIComponent(requestId)}/report`,
    { format },
  );
  downloadBlob(filename ?? `atendimento-titular.${format}`, blob);
}

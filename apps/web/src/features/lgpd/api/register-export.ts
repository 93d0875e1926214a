import { apiDownload } from '../../../lib/api/api-client';

export type RegisterExportFormat = 'csv' | 'pdf';

/**
 * GET /api/v1/lgpd/register/csv and GET /api/v1/lgpd/register/pdf: the whole register (or the
 * flows 'Sem registro' only) as the file the server names.
 */
export function downloadRegister(format: RegisterExportFormat, missing: boolean) {
  return apiDownload(`/api/v1/lgpd/register/${format}`, missing ? { missing: 'true' } : {});
}

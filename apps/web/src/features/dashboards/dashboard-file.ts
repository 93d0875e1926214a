import slugify from 'slugify';
import { dashboardFileSchema } from '@ponte/shared/dashboards.schema';
import type { DashboardBodyInput, DashboardFile } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { downloadText } from '../../lib/download-text';
import { readTextFile } from '../../lib/read-text-file';

const suffix = '.dashboard.json';

/** 'Operação SP!' → 'operacao-sp.dashboard.json'; 'dashboard.dashboard.json' when empty. */
export function dashboardFileName(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, locale: 'pt' });
  return `${slug || 'dashboard'}${suffix}`;
}

/** The file's fields of a dashboard (spec 2 §9): no `_id` and no group; contents emptied. */
export function dashboardFileOf(dashboard: DashboardBodyInput): DashboardFile {
  const file = dashboardFileSchema.parse(dashboard);
  return { ...file, widgets: file.widgets.map(({ content: _content, ...widget }) => widget) };
}

/** Downloads `{slug}.dashboard.json`. */
export function downloadDashboardFile(dashboard: DashboardBodyInput): void {
  const file = dashboardFileOf(dashboard);
  downloadText(dashboardFileName(file.name), JSON.stringify(file, null, 2), 'application/json');
}

/**
 * Reads a `.dashboard.json` file by the export's schema (whatever else it holds is dropped).
 * Spec 2 'Dashboards': the name gets ' (importado)'; the group is not in the file. Throws with
 * messages.dashboards.importInvalid when it is not such a file.
 */
export async function readDashboardFile(file: Blob): Promise<DashboardFile> {
  const invalid = messages.dashboards.importInvalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readTextFile(file, invalid)) as unknown;
  } catch {
    throw new Error(invalid);
  }
  const { name, widgets } = (parsed ?? {}) as Record<string, unknown>;
  const result = dashboardFileSchema.safeParse(parsed);
  if (!result.success || typeof name !== 'string' || !Array.isArray(widgets))
    throw new Error(invalid);
  return { ...result.data, name: `${result.data.name}${messages.dashboards.importedSuffix}` };
}

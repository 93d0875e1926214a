import type { VersionedKind } from '@ponte/shared/versions.schema';

/** What keeps versions: the resources of docs/adr/0103 and custom connectors (docs/adr/0104). */
export type VersionedResourceKind = VersionedKind;

/** One resource whose history a page shows. */
export interface VersionedResourceRef {
  kind: VersionedResourceKind;
  id: string;
}

const basePaths: Record<VersionedResourceKind, string> = {
  flow: '/api/v1/flows',
  form: '/api/v1/forms',
  dashboard: '/api/v1/dashboards',
  db_table: '/api/v1/db/tables',
  alert_rule: '/api/v1/alert-rules',
  queue: '/api/v1/queues',
  custom_node: '/api/v1/custom-nodes',
};

/** `…/{id}/versions` of a resource. */
export const versionsPath = ({ kind, id }: VersionedResourceRef) =>
  `${basePaths[kind]}/${encodeURIComponent(id)}/versions`;

/** Every query about a resource's versions starts with this key. */
export const versionsQueryKey = ({ kind, id }: VersionedResourceRef) =>
  ['versions', kind, id] as const;

/**
 * What people edit and Ponte keeps versions of (docs/adr/0103; custom connectors: docs/adr/0104).
 */
export const versionedKinds = [
  'flow',
  'form',
  'dashboard',
  'db_table',
  'alert_rule',
  'queue',
  'custom_node',
] as const;
export type VersionedKind = (typeof versionedKinds)[number];

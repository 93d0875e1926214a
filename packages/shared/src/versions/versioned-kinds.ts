/**
 * What people edit and Ponte keeps versions of (docs/adr/0103). Custom connectors keep their
 * own versions of params and handler (docs/adr/0041) and are shown the same way.
 */
export const versionedKinds = [
  'flow',
  'form',
  'dashboard',
  'db_table',
  'alert_rule',
  'queue',
] as const;
export type VersionedKind = (typeof versionedKinds)[number];

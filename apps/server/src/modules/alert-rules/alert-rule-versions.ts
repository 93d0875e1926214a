import { alertRuleUpdateSchema, type AlertRuleUpdate } from '@ponte/shared/alert-rules.schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import type { SaveStamp, VersionsService } from '../versions/versions.service';
import type { AlertRuleRow, AlertRulesRepository, AlertRuleValues } from './alert-rules.repository';

/**
 * A version's document (docs/adr/0103): what the editor edits of the rule, in the words of its
 * update body, so that a restore saves it back with every rule of a save.
 */
export const alertRuleVersionDocument = (row: AlertRuleRow) => ({
  name: row.name,
  group: row.groupId,
  type: row.type,
  enabled: row.enabled,
  action: row.action,
  action_email_to: row.actionEmailTo,
  action_email_message: row.actionEmailMessage,
  action_email_account_id: row.actionEmailAccountId,
  action_webhook_method: row.actionWebhookMethod,
  action_webhook_url: row.actionWebhookUrl,
  match_log_type: row.matchLogType,
  match_log_json_field: row.matchLogJsonField,
  match_log_content: row.matchLogContent,
  flow_id: row.flowId,
  timewindow_seconds: row.timewindowSeconds,
  no_success_minutes: row.noSuccessMinutes,
  queue_id: row.queueId,
  queue_depth_above: row.queueDepthAbove,
  queue_depth_minutes: row.queueDepthMinutes,
});

const owner = (workspaceId: string, resourceId: string) =>
  ({ workspaceId, kind: 'alert_rule', resourceId }) as const;

/** A rule's state as its versions see it. */
export const alertRuleVersionState = (row: AlertRuleRow) => ({
  version: row.version,
  document: alertRuleVersionDocument(row),
  updatedAt: row.updatedAt,
});

/** What a save writes at the version's time `at` (its `enabled_at` may be that time). */
type WrittenAt = (at: Date) => Omit<AlertRuleValues, 'createdAt' | 'updatedAt' | 'version'>;

/** The alert rules' writes, each one a version (docs/adr/0103). */
export function alertRuleVersioning(versions: VersionsService, repository: AlertRulesRepository) {
  const group = groupStillThere(repository.groupExists);
  return {
    /** Refuses (409) a save based on another version than the rule's current one. */
    check: (workspaceId: string, row: AlertRuleRow, stamp: SaveStamp) =>
      versions.check(owner(workspaceId, row.id), row, stamp),

    /** A new rule (or a copy), at its version 1. */
    create: (workspaceId: string, id: string, values: WrittenAt, stamp: SaveStamp) =>
      versions.save(
        owner(workspaceId, id),
        null,
        stamp,
        (tx, at) =>
          repository.insert(id, workspaceId, { ...values(at), createdAt: at, updatedAt: at }, tx),
        alertRuleVersionDocument,
      ),

    /** A save of `existing`, only while it is still at its version. */
    update: (workspaceId: string, existing: AlertRuleRow, values: WrittenAt, stamp: SaveStamp) =>
      versions.save(
        owner(workspaceId, existing.id),
        alertRuleVersionState(existing),
        stamp,
        (tx, at) =>
          repository.updateVersion(
            workspaceId,
            existing.id,
            existing.version,
            { ...values(at), updatedAt: at },
            tx,
          ),
        alertRuleVersionDocument,
      ),

    /**
     * A version's document as an update of the rule: a group removed since then leaves the
     * rule in "Sem grupo"; a flow, queue or SMTP account removed since then is refused (400)
     * as in any save.
     */
    async restoreBody(workspaceId: string, document: unknown): Promise<AlertRuleUpdate> {
      const parsed = alertRuleUpdateSchema.parse(document);
      return { ...parsed, group: await group(workspaceId, parsed.group) };
    },

    removeAll: (workspaceId: string, id: string) => versions.removeAll(owner(workspaceId, id)),
  };
}

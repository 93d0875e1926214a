import { alertRuleUpdateSchema, type AlertRuleUpdate } from '@ponte/shared/alert-rules.schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import { resourceVersioning } from '../versions/resource-versioning';
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
  stuck_minutes: row.stuckMinutes,
});

/** What a save writes at the version's time `at` (its `enabled_at` may be that time). */
type WrittenAt = (at: Date) => Omit<AlertRuleValues, 'createdAt' | 'updatedAt' | 'version'>;

/** The alert rules' writes, each one a version (docs/adr/0103). */
export function alertRuleVersioning(versions: VersionsService, repository: AlertRulesRepository) {
  const group = groupStillThere(repository.groupExists);
  const saves = resourceVersioning<AlertRuleRow>(versions, 'alert_rule', alertRuleVersionDocument);
  return {
    ...saves,

    /** A new rule (or a copy), at its version 1. */
    create: (workspaceId: string, id: string, values: WrittenAt, stamp: SaveStamp) =>
      saves.create(workspaceId, stamp, (tx, at) =>
        repository.insert(id, workspaceId, { ...values(at), createdAt: at, updatedAt: at }, tx),
      ),

    /** A save of `existing`, only while it is still at its version. */
    update: (workspaceId: string, existing: AlertRuleRow, values: WrittenAt, stamp: SaveStamp) =>
      saves.update(workspaceId, existing, stamp, (tx, at) =>
        repository.updateVersion(
          workspaceId,
          existing.id,
          existing.version,
          { ...values(at), updatedAt: at },
          tx,
        ),
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
  };
}

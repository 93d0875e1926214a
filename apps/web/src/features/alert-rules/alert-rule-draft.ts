import { useCallback, useState } from 'react';
import type { AlertRule, AlertRuleBody } from '@ponte/shared/alert-rules.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';

export type TimeUnit = 'minutes' | 'hours';

/**
 * What the editor holds: the body it will send, plus the time without success as typed (a
 * number and a unit; the body stores minutes).
 */
export interface AlertRuleDraft {
  body: AlertRuleBody;
  noSuccessAmount: number | null;
  noSuccessUnit: TimeUnit;
}

/** The editor's starting values for a new rule's dead-man fields (not sent for other types). */
const newDefaults = { noSuccessHours: 24, depthAbove: 100, depthMinutes: 10, stuckMinutes: 1 };

function newBody(group: string | null): AlertRuleBody {
  return {
    name: messages.alertRules.defaultName,
    group,
    type: 'match_log',
    enabled: true,
    action: 'email',
    action_email_to: '',
    action_email_message: '',
    action_email_account_id: null,
    action_webhook_method: 'post',
    action_webhook_url: '',
    match_log_type: 'message',
    match_log_json_field: '',
    match_log_content: '',
    flow_id: null,
    timewindow_seconds: limits.alertDefaultWindow,
    no_success_minutes: null,
    queue_id: null,
    queue_depth_above: newDefaults.depthAbove,
    queue_depth_minutes: newDefaults.depthMinutes,
    stuck_minutes: newDefaults.stuckMinutes,
  };
}

/** A stored rule (or a new one in the selected group) as the editor's draft. */
export function draftOf(
  rule: (AlertRule & { version?: number }) | undefined,
  selectedGroup: string | null,
): AlertRuleDraft {
  if (!rule) {
    return {
      body: newBody(selectedGroup),
      noSuccessAmount: newDefaults.noSuccessHours,
      noSuccessUnit: 'hours',
    };
  }
  const {
    _id: _ignoredId,
    workspace_id: _ignoredWorkspace,
    created_at: _ignoredCreated,
    updated_at: _ignoredUpdated,
    version: _ignoredVersion,
    ...body
  } = rule;
  const minutes = rule.no_success_minutes;
  const inHours = minutes != null && minutes >= 60 && minutes % 60 === 0;
  return {
    body,
    noSuccessAmount: minutes == null ? null : inHours ? minutes / 60 : minutes,
    noSuccessUnit: inHours ? 'hours' : 'minutes',
  };
}

/** The body to send: the fields of the other types go as null. */
export function bodyOf(draft: AlertRuleDraft): AlertRuleBody {
  const { body } = draft;
  const factor = draft.noSuccessUnit === 'hours' ? 60 : 1;
  const isNoSuccess = body.type === 'no_success';
  const isBacklog = body.type === 'queue_backlog';
  return {
    ...body,
    group: body.group || null,
    action_email_account_id: body.action_email_account_id || null,
    flow_id: body.type === 'queue_backlog' ? null : body.flow_id || null,
    no_success_minutes:
      isNoSuccess && draft.noSuccessAmount != null ? draft.noSuccessAmount * factor : null,
    queue_id: isBacklog ? body.queue_id || null : null,
    queue_depth_above: isBacklog ? body.queue_depth_above : null,
    queue_depth_minutes: isBacklog ? body.queue_depth_minutes : null,
    stuck_minutes: body.type === 'stuck_execution' ? (body.stuck_minutes ?? null) : null,
  };
}

export type SetField = <K extends keyof AlertRuleBody>(key: K, value: AlertRuleBody[K]) => void;

export function useAlertRuleDraft(initial: AlertRuleDraft) {
  const [draft, setDraft] = useState(initial);
  const set: SetField = useCallback((key, value) => {
    setDraft((current) => ({ ...current, body: { ...current.body, [key]: value } }));
  }, []);
  const setNoSuccess = useCallback((amount: number | null, unit: TimeUnit) => {
    setDraft((current) => ({ ...current, noSuccessAmount: amount, noSuccessUnit: unit }));
  }, []);
  return { draft, set, setNoSuccess };
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alertRuleBodySchema, alertRuleSaveIssues } from './alert-rules.schema';
import { limits } from './limits';
import { messages } from './messages';

const m = messages.alertRules;
const webhook = { action: 'webhook', action_webhook_url: 'https://hooks.exemplo.com.br/a' };
const issuesOf = (body: object) => alertRuleSaveIssues(alertRuleBodySchema.parse(body));

interface Rule {
  if?: { properties?: { type?: { enum?: string[] } } };
  then?: { required?: string[] };
  else?: { required?: string[] };
}

/** The JSON-schema rules of the document that apply to a type (`if` on the type). */
function documentRulesOf(type: string): Rule[] {
  const document = z.toJSONSchema(alertRuleBodySchema, { io: 'input' }) as { allOf: Rule[] };
  return document.allOf.filter((rule) => rule.if?.properties?.type?.enum?.includes(type));
}

describe("'Execução sem worker' (stuck_execution) rules", () => {
  it('needs only its minutes: no flow, no match content', () => {
    expect(issuesOf({ ...webhook, type: 'stuck_execution', stuck_minutes: 5 })).toEqual([]);
    expect(
      issuesOf({ ...webhook, type: 'stuck_execution', stuck_minutes: 1, flow_id: 'f1' }),
    ).toEqual([]);
  });

  it('refuses a rule without minutes with the shared text', () => {
    expect(issuesOf({ ...webhook, type: 'stuck_execution' })).toEqual([
      m.minutesInvalid(limits.alertMinutesMax),
    ]);
    expect(issuesOf({ ...webhook, type: 'stuck_execution', stuck_minutes: null })).toEqual([
      m.minutesInvalid(limits.alertMinutesMax),
    ]);
  });

  it('takes whole minutes from 1 to the maximum only', () => {
    const parse = (stuck_minutes: number) =>
      alertRuleBodySchema.safeParse({ ...webhook, type: 'stuck_execution', stuck_minutes }).success;
    expect(parse(1)).toBe(true);
    expect(parse(limits.alertMinutesMax)).toBe(true);
    expect(parse(0)).toBe(false);
    expect(parse(limits.alertMinutesMax + 1)).toBe(false);
    expect(parse(1.5)).toBe(false);
  });

  it('does not ask the other dead-man types for stuck minutes', () => {
    expect(
      issuesOf({ ...webhook, type: 'no_success', flow_id: 'f1', no_success_minutes: 60 }),
    ).toEqual([]);
    expect(issuesOf({ ...webhook, type: 'match_log', match_log_content: 'erro' })).toEqual([]);
  });

  it('says the same in the API document: minutes required, no match content', () => {
    const rules = documentRulesOf('stuck_execution');
    expect(rules.flatMap((rule) => rule.then?.required ?? [])).toEqual(['stuck_minutes']);
    // The dead-man types are exempt from the match content (its `else`).
    expect(rules.flatMap((rule) => rule.else?.required ?? [])).toEqual(['match_log_content']);
    expect(documentRulesOf('no_success').flatMap((rule) => rule.then?.required ?? [])).toEqual([
      'flow_id',
      'no_success_minutes',
    ]);
  });
});

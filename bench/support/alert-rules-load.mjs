// The alert rules of `webhook-throughput.mjs --alert-rules=N`: N enabled match_log rules created
// through the API of the started Ponte, N - 1 that never match the bench flow's logs (plain text,
// `/…/i` regular expressions and message_json rules, on the flow or on any flow) and one that
// matches the end line every execution writes ('Execução finalizada'). Their action is a webhook
// to a closed port on 127.0.0.1, which the network guard refuses when a window is sent.

const webhook = {
  action: 'webhook',
  action_webhook_method: 'post',
  action_webhook_url: 'http://127.0.0.1:9/alertas',
};

/** The kinds of rule that never match, in turn; `i` keeps each rule's pattern its own. */
const neverMatching = [
  (i) => ({ match_log_type: 'message', match_log_content: `tempo esgotado ${i}` }),
  (i) => ({ match_log_type: 'message', match_log_content: `/(timeout|ECONNRESET)-${i}/i` }),
  (i) => ({ match_log_type: 'label', match_log_content: `Pagamento recusado ${i}` }),
  (i) => ({
    match_log_type: 'message_json',
    match_log_json_field: 'status',
    match_log_content: `/^(cancelado|estornado)-${i}$/i`,
  }),
  (i) => ({
    match_log_type: 'message_json',
    match_log_json_field: 'error.message',
    match_log_content: `cota excedida ${i}`,
  }),
  (i) => ({ match_log_type: 'label', match_log_content: `/^conector (sql|ftp) ${i}$/i` }),
];

export function alertRuleBodies(count, flowId) {
  const bodies = [];
  for (let i = 1; i < count; i++) {
    bodies.push({
      name: `Nunca casa ${i}`,
      enabled: true,
      type: 'match_log',
      ...webhook,
      ...neverMatching[i % neverMatching.length](i),
      // Half on the bench's flow, half on any flow of the workspace.
      flow_id: i % 2 ? flowId : null,
      timewindow_seconds: 300,
    });
  }
  if (count > 0) {
    bodies.push({
      name: 'Toda execução',
      enabled: true,
      type: 'match_log',
      ...webhook,
      match_log_type: 'label',
      match_log_content: 'Execução finalizada',
      flow_id: flowId,
      timewindow_seconds: 60,
    });
  }
  return bodies;
}

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Creates the rules; answers their ids, the one that matches last. */
export async function createAlertRules(base, token, count, flowId) {
  const ids = [];
  for (const body of alertRuleBodies(count, flowId)) {
    ids.push((await call(base, token, 'POST', '/alert-rules', body))._id);
  }
  return ids;
}

/** The lines the rule counted in its windows, and the windows' states. */
export async function firingsOf(base, token, id) {
  const { items } = await call(base, token, 'GET', `/alert-rules/${id}/firings`);
  return {
    matched: items.reduce((sum, firing) => sum + firing.count, 0),
    states: items.map((firing) => firing.state).join(', '),
  };
}

export async function deleteAlertRules(base, token, ids) {
  for (const id of ids) await call(base, token, 'DELETE', `/alert-rules/${id}`);
}

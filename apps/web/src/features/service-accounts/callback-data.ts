/** What the callback page needs from its query: the account id, the decoded data, the state. */
export interface CallbackRequest {
  id: string;
  data: Record<string, unknown>;
  state: string;
}

/** base64url or base64 of UTF-8 JSON → the object, or null when it is not one. */
export function decodeCallbackData(raw: string): Record<string, unknown> | null {
  const base64 = raw.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  try {
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Spec 2 'OAuth2 callback', §7: both `data` and `state` are needed; the account id is
 * `service_account_id` of the decoded data, else the part of `state` before the first '_'.
 * Null when any of it is missing or unreadable. Trello answers its token in the fragment
 * (`#token=…`), which never reaches a server: it joins the data as `token` (docs/adr/0026).
 */
export function readCallback(params: URLSearchParams, fragment = ''): CallbackRequest | null {
  const rawData = params.get('data');
  const state = params.get('state');
  if (!rawData || !state) return null;
  const data = decodeCallbackData(rawData);
  if (!data) return null;
  const fromData = data.service_account_id;
  const id =
    typeof fromData === 'string' && fromData.trim() ? fromData.trim() : state.split('_')[0];
  if (!id) return null;
  const token = new URLSearchParams(fragment.replace(/^#/, '')).get('token');
  return { id, data: token ? { ...data, token } : data, state };
}

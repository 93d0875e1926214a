/** Replaced by the tab's implementation. */
export function RetentionTab() {
  return null;
}

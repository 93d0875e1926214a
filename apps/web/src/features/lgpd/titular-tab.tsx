/** Replaced by the tab's implementation. */
export function TitularTab() {
  return null;
}

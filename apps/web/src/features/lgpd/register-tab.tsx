/** Replaced by the tab's implementation. */
export function RegisterTab() {
  return null;
}

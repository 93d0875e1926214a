/** Sends the browser to another site (an OAuth2 provider's consent page). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

/** Full-page navigation to an address outside the SPA (a signed download). Its own module so tests can watch it. */
export function navigateToUrl(url: string): void {
  window.location.assign(url);
}

/**
 * Leaves the app for another page with a full load (the payment gateway, or the order page after it).
 * One function so component tests can stand in for the browser's navigation.
 */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

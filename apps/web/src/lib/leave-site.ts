/**
 * Sends the browser to a page outside the app (Stripe's onboarding or checkout). An object, so a
 * test can spy on `go` (jsdom does not navigate).
 */
export const leaveSite = {
  go(url: string): void {
    window.location.assign(url);
  },
};

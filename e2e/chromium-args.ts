// The flags the project's Chromium (@sparticuz/chromium) runs with, for the e2e tests
// and the bench's Lighthouse audit alike.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // The machine has no internet: without these Chromium keeps trying Google's services
  // (traffic that would also pollute a Lighthouse audit).
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Console-only texts (toast titles and notices) of console.md §4 and §8 that neither the server
 * nor AUTH_MESSAGES / ORGANIZATION_MESSAGES carry. Spec texts are word for word, including its
 * spelling; texts the spec leaves unnamed are ours and marked so.
 */
export const CONSOLE_MESSAGES = {
  /** Title of every error toast (§8). */
  errorTitle: 'Error!',
  /** Title of success toasts (ours). */
  successTitle: 'Success',
  /** Terms modal closed without ticking the box (§8). */
  termsNotAccepted: "You don't submitted aggrement Terms of Conditions",
  /** Toast after the organization is created and the user goes on to /my-application (ours). */
} as const;

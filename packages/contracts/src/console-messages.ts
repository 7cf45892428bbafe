/**
 * Console-only texts (toast titles and success messages) of console.md §4 and §8 that are not
 * server validation messages. Copied word for word from the spec, including its spelling; texts
 * the spec leaves unnamed ("a success message") are ours and marked so.
 */
export const CONSOLE_MESSAGES = {
  /** Title of every error toast (§8). */
  errorTitle: 'Error!',
  /** Title of success toasts (ours). */
  successTitle: 'Success',
  /** Profile update success (§8). */
  profileUpdated: 'Your User data has been succesfully changed, please re-login',
  /** Terms accepted (§4 Terms). */
  termsSubmitted: 'Terms of Conditions Submitted',
  /** Terms modal closed without ticking the box (§8). */
  termsNotAccepted: "You don't submitted aggrement Terms of Conditions",
  /** Toast after the organization is created and the user goes on to /my-application (ours). */
  organizationCreated: 'Your organization has been created.',
  /** Password change success when the server sends no message (ours; §4 "success message"). */
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  /** Password reset success when the server sends no message (ours). */
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  /** Registration done: where to look next (ours). */
  checkEmail: 'We have sent a verification link to your e-mail. Open it to activate your account.',
  /** E-mail verified, when the server sends no message (ours). */
  emailVerified: 'Your e-mail has been verified.',
  /** Verification e-mail sent again, when the server sends no description (ours). */
  verificationSent: 'If the account still needs verification, we have sent a new link.',
  /** Quota warning settings placeholder (ours; the settings arrive with prepaid billing). */
  quotaSettingsComing:
    'Quota warning settings are coming with prepaid billing. Once your applications use prepaid quota, you will be able to choose who gets an e-mail when a channel runs low, and at which threshold.',
} as const;

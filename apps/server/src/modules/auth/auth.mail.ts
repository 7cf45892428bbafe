/**
 * System e-mail templates (ARCHITECTURE.md §4): e-mail verification, password reset and
 * password changed. Each returns a MailMessage with a plain-text and an HTML part.
 */
import type { MailMessage } from '../../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, open this link: <a href="${escapeHtml(action.href)}">${escapeHtml(action.href)}</a></p>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#888">Pesan</p></body></html>`;
}

/** Verification e-mail; `link` is `${PUBLIC_URL}/auth/email_verification/{token}`, valid 24 hours. */
export function verificationMail(to: string, fullName: string, link: string): MailMessage {
  const title = 'Verify your email';
  const lines = [`Hello ${fullName},`, 'Thank you for registering with Pesan. Please verify your email address to activate your account.', 'The link is valid for 24 hours.'];
  return {
    to,
    subject: 'Verify your Pesan account',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not create an account, you can ignore this email.\n`,
    html: layout(title, [...lines, 'If you did not create an account, you can ignore this email.'], { label: 'Verify Email', href: link }),
    link,
  };
}

/** Password reset e-mail; `link` is `${PUBLIC_URL}/auth/reset-password?token={token}`, valid 60 minutes, once. */
export function resetPasswordMail(to: string, fullName: string, link: string): MailMessage {
  const title = 'Reset your password';
  const lines = [`Hello ${fullName},`, 'We received a request to reset the password of your Pesan account.', 'The link is valid for 60 minutes and can be used once.'];
  return {
    to,
    subject: 'Reset your Pesan password',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n`,
    html: layout(title, [...lines, 'If you did not ask for this, you can ignore this email; your password stays the same.'], { label: 'Reset Password', href: link }),
    link,
  };
}

/** Notice sent after a password reset or change; `loginUrl` is `${PUBLIC_URL}/auth/login`. */
export function passwordChangedMail(to: string, fullName: string, loginUrl: string): MailMessage {
  const title = 'Your password has been changed';
  const lines = [
    `Hello ${fullName},`,
    'The password of your Pesan account was just changed, and your other sessions were signed out.',
    'If this was not you, reset your password right away with Forgot Password on the login page.',
  ];
  return {
    to,
    subject: 'Your Pesan password has been changed',
    text: `${lines.join('\n\n')}\n\n${loginUrl}\n`,
    html: layout(title, lines, { label: 'Sign in', href: loginUrl }),
  };
}

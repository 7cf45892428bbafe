/**
 * System e-mail templates (ARCHITECTURE.md §4, §10): e-mail verification, password reset and
 * password changed, in English and Indonesian. Each returns a MailMessage with a plain-text and an
 * HTML part (`<html lang>` = the e-mail's language). The texts live in AUTH_MAIL_TEXT.
 */
import { escapeHtml, htmlDocument, type MailLanguage } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

const EN = {
  /** The shared layout. */
  linkFallback: 'If the button does not work, open this link:',
  footer: 'Pesan',
  hello: (fullName: string) => `Hello ${fullName},`,

  verifySubject: 'Verify your Pesan account',
  verifyTitle: 'Verify your email',
  verifyIntro: 'Thank you for registering with Pesan. Please verify your email address to activate your account.',
  verifyValidity: 'The link is valid for 24 hours.',
  verifyIgnore: 'If you did not create an account, you can ignore this email.',
  verifyButton: 'Verify Email',

  resetSubject: 'Reset your Pesan password',
  resetTitle: 'Reset your password',
  resetIntro: 'We received a request to reset the password of your Pesan account.',
  resetValidity: 'The link is valid for 60 minutes and can be used once.',
  resetIgnore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
  resetButton: 'Reset Password',

  changedSubject: 'Your Pesan password has been changed',
  changedTitle: 'Your password has been changed',
  changedIntro: 'The password of your Pesan account was just changed, and your other sessions were signed out.',
  changedNotYou: 'If this was not you, reset your password right away with Forgot Password on the login page.',
  changedButton: 'Sign in',
};

/** The texts of the account e-mails; every language has exactly the English keys. */
export type AuthMailText = { readonly [K in keyof typeof EN]: (typeof EN)[K] };

const ID: AuthMailText = {
  linkFallback: 'Jika tombol tidak berfungsi, buka tautan ini:',
  footer: 'Pesan',
  hello: (fullName: string) => `Halo ${fullName},`,

  verifySubject: 'Verifikasi akun Pesan Anda',
  verifyTitle: 'Verifikasi email Anda',
  verifyIntro: 'Terima kasih telah mendaftar di Pesan. Silakan verifikasi alamat email Anda untuk mengaktifkan akun.',
  verifyValidity: 'Tautan ini berlaku selama 24 jam.',
  verifyIgnore: 'Jika Anda tidak merasa membuat akun, abaikan saja email ini.',
  verifyButton: 'Verifikasi Email',

  resetSubject: 'Atur ulang kata sandi Pesan Anda',
  resetTitle: 'Atur ulang kata sandi Anda',
  resetIntro: 'Kami menerima permintaan untuk mengatur ulang kata sandi akun Pesan Anda.',
  resetValidity: 'Tautan ini berlaku selama 60 menit dan hanya dapat digunakan satu kali.',
  resetIgnore: 'Jika Anda tidak merasa meminta pengaturan ulang kata sandi, abaikan saja email ini. Kata sandi Anda tidak akan berubah.',
  resetButton: 'Atur Ulang Kata Sandi',

  changedSubject: 'Kata sandi akun Pesan Anda telah diubah',
  changedTitle: 'Kata sandi Anda telah diubah',
  changedIntro: 'Kata sandi akun Pesan Anda baru saja diubah. Demi keamanan, akun Anda telah dikeluarkan dari semua perangkat lain.',
  changedNotYou: 'Jika Anda tidak melakukan perubahan ini, segera atur ulang kata sandi melalui menu Lupa Kata Sandi di halaman masuk.',
  changedButton: 'Masuk',
};

/** The account e-mails' texts per language. */
export const AUTH_MAIL_TEXT: Readonly<Record<MailLanguage, AuthMailText>> = { en: EN, id: ID };

function layout(lang: MailLanguage, title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const t = AUTH_MAIL_TEXT[lang];
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t.linkFallback)} <a href="${escapeHtml(action.href)}">${escapeHtml(action.href)}</a></p>`
    : '';
  return htmlDocument(
    lang,
    title,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#888">${escapeHtml(t.footer)}</p>`,
    'font-family:Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px',
  );
}

/** Verification e-mail in `lang`; `link` is `${PUBLIC_URL}/auth/email_verification/{token}`, valid 24 hours. */
export function verificationMail(to: string, fullName: string, link: string, lang: MailLanguage): MailMessage {
  const t = AUTH_MAIL_TEXT[lang];
  const lines = [t.hello(fullName), t.verifyIntro, t.verifyValidity];
  return {
    to,
    subject: t.verifySubject,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${t.verifyIgnore}\n`,
    html: layout(lang, t.verifyTitle, [...lines, t.verifyIgnore], { label: t.verifyButton, href: link }),
    link,
  };
}

/** Password reset e-mail in `lang`; `link` is `${PUBLIC_URL}/auth/reset-password?token={token}`, valid 60 minutes, once. */
export function resetPasswordMail(to: string, fullName: string, link: string, lang: MailLanguage): MailMessage {
  const t = AUTH_MAIL_TEXT[lang];
  const lines = [t.hello(fullName), t.resetIntro, t.resetValidity];
  return {
    to,
    subject: t.resetSubject,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${t.resetIgnore}\n`,
    html: layout(lang, t.resetTitle, [...lines, t.resetIgnore], { label: t.resetButton, href: link }),
    link,
  };
}

/** Notice in `lang` sent after a password reset or change; `loginUrl` is `${PUBLIC_URL}/auth/login`. */
export function passwordChangedMail(to: string, fullName: string, loginUrl: string, lang: MailLanguage): MailMessage {
  const t = AUTH_MAIL_TEXT[lang];
  const lines = [t.hello(fullName), t.changedIntro, t.changedNotYou];
  return {
    to,
    subject: t.changedSubject,
    text: `${lines.join('\n\n')}\n\n${loginUrl}\n`,
    html: layout(lang, t.changedTitle, lines, { label: t.changedButton, href: loginUrl }),
  };
}

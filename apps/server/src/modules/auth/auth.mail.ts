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

  securityButton: 'Open Security settings',
  twoFactorOnSubject: 'Two-factor sign-in is on for your Pesan account',
  twoFactorOnTitle: 'Two-factor sign-in is on',
  twoFactorOnIntro: 'Two-factor sign-in was just turned on for your Pesan account. From now on, signing in asks for a code from your authenticator app after your password.',
  twoFactorOnKeep: 'Keep your recovery codes somewhere safe: each signs you in once if you lose your phone.',
  twoFactorOffSubject: 'Two-factor sign-in is off for your Pesan account',
  twoFactorOffTitle: 'Two-factor sign-in is off',
  twoFactorOffIntro: 'Two-factor sign-in was just turned off for your Pesan account, and its recovery codes no longer work. Signing in now asks for your password only.',
  securityNotYou: 'If this was not you, change your password right away and turn two-factor sign-in back on in Security settings.',
  newSignInSubject: 'New sign-in to your Pesan account',
  newSignInTitle: 'New sign-in from a new device',
  newSignInIntro: 'Your Pesan account was just signed in to from a device or browser it has not been signed in from before:',
  newSignInDevice: (device: string) => `Device: ${device}`,
  newSignInIp: (ip: string) => `IP address: ${ip}`,
  newSignInAt: (at: string) => `Time: ${at}`,
  newSignInNotYou: 'If this was you, there is nothing to do. If not, change your password right away and end that session in Security settings.',
  unknownDevice: 'an unknown browser',
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

  securityButton: 'Buka Pengaturan Keamanan',
  twoFactorOnSubject: 'Verifikasi dua langkah aktif untuk akun Pesan Anda',
  twoFactorOnTitle: 'Verifikasi dua langkah aktif',
  twoFactorOnIntro: 'Verifikasi dua langkah baru saja diaktifkan untuk akun Pesan Anda. Mulai sekarang, setelah kata sandi Anda akan diminta kode dari aplikasi autentikator saat masuk.',
  twoFactorOnKeep: 'Simpan kode pemulihan Anda di tempat yang aman: masing-masing dapat dipakai satu kali untuk masuk jika ponsel Anda hilang.',
  twoFactorOffSubject: 'Verifikasi dua langkah nonaktif untuk akun Pesan Anda',
  twoFactorOffTitle: 'Verifikasi dua langkah nonaktif',
  twoFactorOffIntro: 'Verifikasi dua langkah baru saja dinonaktifkan untuk akun Pesan Anda, dan kode pemulihannya tidak berlaku lagi. Sekarang masuk hanya memerlukan kata sandi.',
  securityNotYou: 'Jika Anda tidak melakukan ini, segera ubah kata sandi dan aktifkan kembali verifikasi dua langkah di Pengaturan Keamanan.',
  newSignInSubject: 'Ada yang masuk ke akun Pesan Anda',
  newSignInTitle: 'Masuk dari perangkat baru',
  newSignInIntro: 'Akun Pesan Anda baru saja dimasuki dari perangkat atau peramban yang belum pernah dipakai sebelumnya:',
  newSignInDevice: (device: string) => `Perangkat: ${device}`,
  newSignInIp: (ip: string) => `Alamat IP: ${ip}`,
  newSignInAt: (at: string) => `Waktu: ${at}`,
  newSignInNotYou: 'Jika itu Anda, tidak ada yang perlu dilakukan. Jika bukan, segera ubah kata sandi dan akhiri sesi tersebut di Pengaturan Keamanan.',
  unknownDevice: 'peramban yang tidak dikenal',
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

/** Notice in `lang` that two-factor sign-in was turned on; `securityUrl` is `${PUBLIC_URL}/profile/security` (ARCHITECTURE.md §5.1). */
export function twoFactorEnabledMail(to: string, fullName: string, securityUrl: string, lang: MailLanguage): MailMessage {
  const t = AUTH_MAIL_TEXT[lang];
  const lines = [t.hello(fullName), t.twoFactorOnIntro, t.twoFactorOnKeep, t.securityNotYou];
  return {
    to,
    subject: t.twoFactorOnSubject,
    text: `${lines.join('\n\n')}\n\n${securityUrl}\n`,
    html: layout(lang, t.twoFactorOnTitle, lines, { label: t.securityButton, href: securityUrl }),
  };
}

/** Notice in `lang` that two-factor sign-in was turned off (recovery codes gone); `securityUrl` as for twoFactorEnabledMail. */
export function twoFactorDisabledMail(to: string, fullName: string, securityUrl: string, lang: MailLanguage): MailMessage {
  const t = AUTH_MAIL_TEXT[lang];
  const lines = [t.hello(fullName), t.twoFactorOffIntro, t.securityNotYou];
  return {
    to,
    subject: t.twoFactorOffSubject,
    text: `${lines.join('\n\n')}\n\n${securityUrl}\n`,
    html: layout(lang, t.twoFactorOffTitle, lines, { label: t.securityButton, href: securityUrl }),
  };
}

/** What a new-sign-in notice says about the device: its User-Agent, IP address and the time (UTC). */
export interface SignInDevice {
  userAgent: string;
  ip: string;
  /** ISO 8601 time of the sign-in. */
  at: string;
}

/** `at` (ISO 8601) as `YYYY-MM-DD HH:mm UTC`. */
function utcMinute(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Notice in `lang` of a sign-in from a device (User-Agent) the account had not signed in from
 * before, with the device, IP address and time; `securityUrl` as for twoFactorEnabledMail.
 */
export function newSignInMail(to: string, fullName: string, device: SignInDevice, securityUrl: string, lang: MailLanguage): MailMessage {
  const t = AUTH_MAIL_TEXT[lang];
  const facts = [t.newSignInDevice(device.userAgent || t.unknownDevice), t.newSignInIp(device.ip), t.newSignInAt(utcMinute(device.at))];
  const lines = [t.hello(fullName), t.newSignInIntro, ...facts, t.newSignInNotYou];
  return {
    to,
    subject: t.newSignInSubject,
    text: `${lines.join('\n\n')}\n\n${securityUrl}\n`,
    html: layout(lang, t.newSignInTitle, lines, { label: t.securityButton, href: securityUrl }),
  };
}

/**
 * The invitation e-mail (ARCHITECTURE.md §5.1, §10) in English and Indonesian: who invites, to which
 * organization, with which role, and the single-use link `${PUBLIC_URL}/auth/invitation/{token}`
 * (7 days). A plain-text and an HTML part (`<html lang>` = the e-mail's language).
 */
import { INVITATION_TTL_DAYS } from '@pesan/contracts/teams';
import type { Role } from '@pesan/contracts/roles';
import { escapeHtml, htmlDocument, type MailLanguage } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', admin: 'Admin', developer: 'Developer', viewer: 'Viewer' };

const EN = {
  subject: (organization: string) => `You are invited to join ${organization} on Pesan`,
  title: 'You are invited',
  hello: 'Hello,',
  intro: (inviter: string, organization: string, role: string) => `${inviter} invited you to join ${organization} on Pesan as ${role}.`,
  validity: `The link is valid for ${INVITATION_TTL_DAYS} days and can be used once. Sign in with this e-mail address, or create your account from the link.`,
  ignore: 'If you did not expect this invitation, you can ignore this email.',
  button: 'Accept invitation',
  linkFallback: 'If the button does not work, open this link:',
  footer: 'Pesan',
};

/** The invitation e-mail's texts; every language has exactly the English keys. */
export type InvitationMailText = { readonly [K in keyof typeof EN]: (typeof EN)[K] };

const ID: InvitationMailText = {
  subject: (organization: string) => `Anda diundang bergabung dengan ${organization} di Pesan`,
  title: 'Anda diundang',
  hello: 'Halo,',
  intro: (inviter: string, organization: string, role: string) => `${inviter} mengundang Anda bergabung dengan ${organization} di Pesan sebagai ${role}.`,
  validity: `Tautan ini berlaku selama ${INVITATION_TTL_DAYS} hari dan hanya dapat digunakan satu kali. Masuk dengan alamat email ini, atau buat akun Anda dari tautan tersebut.`,
  ignore: 'Jika Anda tidak mengharapkan undangan ini, abaikan saja email ini.',
  button: 'Terima undangan',
  linkFallback: 'Jika tombol tidak berfungsi, buka tautan ini:',
  footer: 'Pesan',
};

/** The invitation e-mail's texts per language. */
export const INVITATION_MAIL_TEXT: Readonly<Record<MailLanguage, InvitationMailText>> = { en: EN, id: ID };

/** What the invitation e-mail names. */
export interface InvitationMailInput {
  to: string;
  organizationName: string;
  /** The inviter as shown: `Full Name (email)`. */
  inviter: string;
  role: Role;
  /** `${PUBLIC_URL}/auth/invitation/{token}`. */
  link: string;
  lang: MailLanguage;
}

/** The invitation e-mail in `input.lang`, with the accept link as a button and as text. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const t = INVITATION_MAIL_TEXT[input.lang];
  const lines = [t.hello, t.intro(input.inviter, input.organizationName, ROLE_NAMES[input.role]), t.validity];
  const href = escapeHtml(input.link);
  const body =
    `<h1 style="font-size:20px">${escapeHtml(t.title)}</h1>` +
    lines.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('') +
    `<p style="margin:24px 0"><a href="${href}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t.linkFallback)} <a href="${href}">${href}</a></p>` +
    `<p style="margin:0 0 16px">${escapeHtml(t.ignore)}</p>` +
    `<p style="font-size:12px;color:#888">${escapeHtml(t.footer)}</p>`;
  return {
    to: input.to,
    subject: t.subject(input.organizationName),
    text: `${lines.join('\n\n')}\n\n${input.link}\n\n${t.ignore}\n`,
    html: htmlDocument(input.lang, t.title, body, 'font-family:Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px'),
    link: input.link,
  };
}

/**
 * Phone-style preview of a WhatsApp template (templates-dashboard-reports.md §2.2 preview modal,
 * §2.4 live preview): a chat screen with the sender's name in its top bar and the template as a
 * received message bubble — header (text with its variable's sample, or a placeholder for image,
 * video, document and location unless a displayable media URL is known), body with WhatsApp's
 * formatting rendered (*bold*, _italic_, ~strikethrough~, ```monospace```) and the variables shown
 * as their samples, footer, time, and the buttons under the bubble. Beyond 3 buttons, WhatsApp
 * shows the first 2 and 'See all options', which opens the full list inside the phone.
 *
 * FOR THE EDITOR'S LIVE PREVIEW: pass the payload as the form builds it; only `header`, `body`,
 * `footer` and `button` are read, each as the console payload shapes them
 * (contracts/wa-template-console.ts ConsoleTemplatePayload):
 *
 *   <PhonePreview
 *     payload={{ header, body: { text, variable }, footer, button }}  // or a whole ConsoleTemplatePayload
 *     senderName={app?.whatsappSenderName}   // null/'' -> DEFAULT_SENDER_NAME (§2.2)
 *     headerMediaUrl={pickedFileObjectUrl}   // optional: shows the picked image/video instead of the placeholder
 *     headerFileName="menu.pdf"              // optional: a document header's file name
 *   />
 *
 * Variables without a sample show as written ('{{1}}'). A body that is empty shows a muted
 * 'Body text' hint, so an empty draft still looks like a message. Pure rendering, no calls; the
 * width is 100% up to 320 px. `WhatsappText` renders any formatted text the same way.
 */
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Box, CloseButton, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCopy,
  IconExternalLink,
  IconFileText,
  IconList,
  IconMapPin,
  IconPhone,
  IconPhoto,
  IconPlayerPlayFilled,
  IconUserCircle,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ConsoleTemplatePayload } from '@pesan/contracts/wa-template-console';
import { templateMediaName } from '@pesan/contracts/upload';
import { copyPromoCodeButtonDefault } from '@pesan/contracts/wa-template-languages';
import i18n from '../../../lib/i18n.ts';
import { parseWhatsappText, type VariableSamples, type WaTextNode } from '../utils/whatsapp-text.ts';

/**
 * Sender name shown when the application has no WhatsApp (masking) sender name (§2.2), in English.
 * The preview shows it in the interface language (`phone.defaultSender`), also when it is passed
 * as `senderName`.
 */
export const DEFAULT_SENDER_NAME = 'Your Business';

/** WhatsApp shows at most this many buttons under a message; beyond it, 2 and 'See all options'. */
export const PREVIEW_MAX_BUTTONS = 3;

/** What the preview reads of a template: the console payload's content parts, and its language (for the labels WhatsApp gives buttons without text). */
export type PhonePreviewContent = Pick<ConsoleTemplatePayload, 'header' | 'body' | 'footer' | 'button'> & Partial<Pick<ConsoleTemplatePayload, 'language'>>;

export interface PhonePreviewProps {
  payload: PhonePreviewContent;
  /** The application's WhatsApp sender name; DEFAULT_SENDER_NAME when empty. */
  senderName?: string | null;
  /** A media URL to show in an image or video header (a picked file's blob: URL, an uploaded file's URL). */
  headerMediaUrl?: string | null;
  /** File name shown on a document header. */
  headerFileName?: string | null;
  /** Time printed in the bubble (now by default). */
  time?: Date;
  /** Accessible name of the preview; 'WhatsApp preview' (in the interface language) by default. */
  label?: string;
}

const C = {
  bar: '#075e54',
  chat: '#efeae2',
  bubble: '#ffffff',
  text: '#111b21',
  muted: '#5e6d77',
  link: '#00689e',
  divider: '#e9edef',
  media: '#d1d7db',
  mediaText: '#3b4a54',
  variable: '#d9fdd3',
} as const;

/** Renders parsed WhatsApp text nodes (bold, italic, strikethrough, monospace, variables with their samples). */
function renderNodes(nodes: readonly WaTextNode[]): ReactNode {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'variable':
        return (
          <span key={i} data-variable={n.name} title={n.raw} style={{ background: C.variable, borderRadius: 3, padding: '0 2px' }}>
            {n.sample ?? n.raw}
          </span>
        );
      case 'bold':
        return <strong key={i}>{renderNodes(n.children)}</strong>;
      case 'italic':
        return <em key={i}>{renderNodes(n.children)}</em>;
      case 'strike':
        return <s key={i}>{renderNodes(n.children)}</s>;
      case 'mono':
        return (
          <code key={i} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.92em' }}>
            {renderNodes(n.children)}
          </code>
        );
    }
  });
}

/** `text` with WhatsApp's formatting rendered and its variables replaced by `samples`. */
export function WhatsappText({ text, samples }: { text: string; samples?: VariableSamples }) {
  // The template's own words, in the template's language: never translated (ARCHITECTURE.md §10).
  return <span translate="no">{renderNodes(parseWhatsappText(text, samples))}</span>;
}

/** A URL the page may show as an image or video (same origin, blob: or data:). */
/**
 * Where the console can show a media header's sample: `mediaUrl` when the editor has one, else the
 * stored upload a header handle of ours names (`/api/uploads/{name}`), else the handle itself (a
 * URL given as the sample; Meta's own handles are not displayable and show the placeholder).
 */
export function headerSampleUrl(mediaUrl: string | null | undefined, handle: string | undefined): string | undefined {
  if (mediaUrl) return mediaUrl;
  const name = handle ? templateMediaName(handle) : null;
  return name ? `/api/uploads/${name}` : handle;
}

export function isDisplayableMediaUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  if (url.startsWith('blob:') || url.startsWith('data:image/') || url.startsWith('data:video/')) return true;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

type Header = PhonePreviewContent['header'];
type PreviewButton = PhonePreviewContent['button'][number];

function MediaPlaceholder({ icon, label, height = 140 }: { icon: ReactNode; label: string; height?: number }) {
  return (
    <Stack align="center" justify="center" gap={4} h={height} style={{ background: C.media, borderRadius: 6, color: C.mediaText }}>
      {icon}
      <Text size="xs" fw={600} c={C.mediaText}>
        {label}
      </Text>
    </Stack>
  );
}

function HeaderPart({ header, mediaUrl, fileName }: { header: Header; mediaUrl?: string | null; fileName?: string | null }) {
  const { t } = useTranslation('wa-templates');
  switch (header.type) {
    case 'none':
      return null;
    case 'text':
      return header.text.body.trim() ? (
        <Text fw={700} size="sm" c={C.text} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-part="header">
          <WhatsappText text={header.text.body} samples={header.variable} />
        </Text>
      ) : null;
    case 'location':
      return <MediaPlaceholder icon={<IconMapPin size={32} aria-hidden />} label={t('phone.location')} />;
    case 'document':
      return (
        <Group gap="xs" wrap="nowrap" p="xs" style={{ background: C.media, borderRadius: 6, color: C.mediaText }}>
          <IconFileText size={28} aria-hidden />
          <Text size="xs" fw={600} c={C.mediaText} style={{ overflowWrap: 'anywhere' }}>
            {fileName || t('phone.document')}
          </Text>
        </Group>
      );
    case 'image': {
      const url = headerSampleUrl(mediaUrl, header.example?.header_handle[0]);
      return isDisplayableMediaUrl(url) ? (
        <img src={url} alt={t('phone.headerImage')} style={{ display: 'block', width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 6 }} />
      ) : (
        <MediaPlaceholder icon={<IconPhoto size={32} aria-hidden />} label={t('phone.image')} />
      );
    }
    case 'video': {
      const url = headerSampleUrl(mediaUrl, header.example?.header_handle[0]);
      return isDisplayableMediaUrl(url) ? (
        <video src={url} muted playsInline aria-label={t('phone.headerVideo')} style={{ display: 'block', width: '100%', maxHeight: 180, borderRadius: 6, background: '#000' }} />
      ) : (
        <MediaPlaceholder icon={<IconPlayerPlayFilled size={32} aria-hidden />} label={t('phone.video')} />
      );
    }
  }
}

/**
 * The label WhatsApp shows on a button: its text, or while it is empty the kind's usual wording in
 * the interface language; a copy code button without text shows the template language's default
 * label (§2.4 'Copy Promo Code' / 'Salin Kode Promo'), the one the editor's field shows.
 */
export function previewButtonText(b: PreviewButton, language?: string): string {
  // One-tap and zero-tap show their autofill text on the phone (Meta's preview); the button text is the copy-code fallback.
  const oneTap = b.type === 'OTP' && (b.button_info.otp_type === 'ONE_TAP' || b.button_info.otp_type === 'ZERO_TAP');
  if (oneTap && b.button_info.autofill_text?.trim()) return b.button_info.autofill_text.trim();
  const text = b.text?.trim();
  if (text) return text;
  switch (b.type) {
    case 'OTP':
      return b.button_info.otp_type === 'ONE_TAP' || b.button_info.otp_type === 'ZERO_TAP'
        ? b.button_info.autofill_text?.trim() || i18n.t('wa-templates:phone.button.autofill')
        : i18n.t('wa-templates:phone.button.copyCode');
    case 'COPY_CODE':
      return language ? copyPromoCodeButtonDefault(language) : i18n.t('wa-templates:phone.button.copyOfferCode');
    case 'URL':
      return i18n.t('wa-templates:phone.button.visitWebsite');
    case 'PHONE_NUMBER':
      return i18n.t('wa-templates:phone.button.callPhoneNumber');
    case 'MARKETING_OPT_OUT':
      return i18n.t('wa-templates:phone.button.stopPromotions');
    default:
      return i18n.t('wa-templates:phone.button.quickReply');
  }
}

function buttonIcon(b: PreviewButton) {
  switch (b.type) {
    case 'URL':
      return <IconExternalLink size={16} aria-hidden />;
    case 'PHONE_NUMBER':
      return <IconPhone size={16} aria-hidden />;
    case 'COPY_CODE':
    case 'OTP':
      return <IconCopy size={16} aria-hidden />;
    default:
      return <IconArrowBackUp size={16} aria-hidden />;
  }
}

function ButtonRow({ icon, text, onClick, first }: { icon: ReactNode; text: string; onClick?: () => void; first: boolean }) {
  const content = (
    <Group gap={6} justify="center" wrap="nowrap" py={8} px="xs" style={{ color: C.link }}>
      {icon}
      <Text size="sm" fw={500} c={C.link} style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Group>
  );
  const border = first ? undefined : { borderTop: `1px solid ${C.divider}` };
  return onClick ? (
    <UnstyledButton onClick={onClick} style={{ display: 'block', width: '100%', ...border }}>
      {content}
    </UnstyledButton>
  ) : (
    <li style={{ ...border }}>{content}</li>
  );
}

/** The phone preview (see the module comment). */
export function PhonePreview({ payload, senderName, headerMediaUrl, headerFileName, time, label }: PhonePreviewProps) {
  const { t } = useTranslation('wa-templates');
  const [allOptions, setAllOptions] = useState(false);
  const titleId = useId();
  const given = senderName?.trim();
  const sender = given && given !== DEFAULT_SENDER_NAME ? given : t('phone.defaultSender');
  const buttons = payload.button;
  const collapsed = buttons.length > PREVIEW_MAX_BUTTONS;
  const shown = collapsed ? buttons.slice(0, PREVIEW_MAX_BUTTONS - 1) : buttons;
  const body = payload.body.text;
  const footer = payload.footer.type === 'text' ? payload.footer.text.body.trim() : '';

  return (
    <Box
      role="figure"
      aria-label={label ?? t('phone.label')}
      w="100%"
      maw={320}
      mx="auto"
      style={{ border: '8px solid #1f2c34', borderRadius: 28, overflow: 'hidden', background: C.chat, position: 'relative' }}
    >
      <Group gap="xs" px="sm" py={10} wrap="nowrap" style={{ background: C.bar, color: '#fff' }}>
        <IconUserCircle size={30} aria-hidden />
        <Text size="sm" fw={600} c="#fff" truncate="end" data-testid="preview-sender">
          {sender}
        </Text>
      </Group>
      <Box p="sm" mih={280}>
        <Box maw="92%" style={{ filter: 'drop-shadow(0 1px 0.5px rgba(11,20,26,.13))' }}>
          <Box p={6} pb={4} style={{ background: C.bubble, borderRadius: '0 8px 8px 8px' }} data-testid="preview-bubble">
            <Stack gap={6}>
              <HeaderPart header={payload.header} mediaUrl={headerMediaUrl} fileName={headerFileName} />
              <Text size="sm" c={body.trim() ? C.text : C.muted} fs={body.trim() ? undefined : 'italic'} px={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-part="body">
                {body.trim() ? <WhatsappText text={body} samples={payload.body.variable} /> : t('phone.bodyHint')}
              </Text>
              {footer ? (
                <Text size="xs" c={C.muted} px={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-part="footer">
                  {footer}
                </Text>
              ) : null}
              <Text size="xs" c={C.muted} ta="right" lh={1}>
                {dayjs(time ?? new Date()).format('HH:mm')}
              </Text>
            </Stack>
          </Box>
          {buttons.length > 0 ? (
            <Box component="ul" aria-label={t('phone.buttons')} style={{ listStyle: 'none', margin: 0, padding: 0, background: C.bubble, borderRadius: 8, marginTop: 2 }}>
              {shown.map((b, i) => (
                <ButtonRow key={i} icon={buttonIcon(b)} text={previewButtonText(b, payload.language)} first={i === 0} />
              ))}
              {collapsed ? (
                <li style={{ borderTop: `1px solid ${C.divider}` }}>
                  <ButtonRow icon={<IconList size={16} aria-hidden />} text={t('phone.seeAllOptions')} onClick={() => setAllOptions(true)} first />
                </li>
              ) : null}
            </Box>
          ) : null}
        </Box>
      </Box>
      {allOptions ? (
        <Box
          role="group"
          aria-labelledby={titleId}
          style={{ position: 'absolute', left: 0, right: 0, bottom: 0, background: C.bubble, borderRadius: '16px 16px 0 0', boxShadow: '0 -2px 8px rgba(0,0,0,.15)' }}
          p="xs"
        >
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text id={titleId} size="sm" fw={700} c={C.text}>
              {t('phone.allOptions')}
            </Text>
            <CloseButton size="sm" aria-label={t('phone.closeAllOptions')} onClick={() => setAllOptions(false)} />
          </Group>
          <Box component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {buttons.map((b, i) => (
              <ButtonRow key={i} icon={buttonIcon(b)} text={previewButtonText(b, payload.language)} first={i === 0} />
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

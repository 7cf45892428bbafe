/**
 * The icon of a docs menu group (console.md §3 Doc menu item: `icon` is a short name the site
 * maps to an icon, or null). Unknown names and null get the book.
 */
import type { ComponentType } from 'react';
import {
  IconAlertTriangle,
  IconBook,
  IconBrandWhatsapp,
  IconCode,
  IconGauge,
  IconKey,
  IconMail,
  IconMessage,
  IconPhone,
  IconRocket,
  IconSend,
  IconShieldCheck,
  IconTemplate,
  IconWebhook,
} from '@tabler/icons-react';

type Icon = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

const ICONS: Record<string, Icon> = {
  rocket: IconRocket,
  start: IconRocket,
  'getting-started': IconRocket,
  key: IconKey,
  auth: IconKey,
  authentication: IconKey,
  message: IconMessage,
  send: IconSend,
  messages: IconMessage,
  sms: IconMessage,
  otp: IconShieldCheck,
  security: IconShieldCheck,
  shield: IconShieldCheck,
  whatsapp: IconBrandWhatsapp,
  template: IconTemplate,
  templates: IconTemplate,
  email: IconMail,
  mail: IconMail,
  call: IconPhone,
  voice: IconPhone,
  phone: IconPhone,
  webhook: IconWebhook,
  webhooks: IconWebhook,
  error: IconAlertTriangle,
  errors: IconAlertTriangle,
  alert: IconAlertTriangle,
  quota: IconGauge,
  limits: IconGauge,
  gauge: IconGauge,
  code: IconCode,
  api: IconCode,
  book: IconBook,
};

/** The icon for a group's `icon` name. */
export const groupIcon = (name: string | null): Icon => (name && ICONS[name.trim().toLowerCase()]) || IconBook;

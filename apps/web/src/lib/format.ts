/**
 * Display formats of the spec (console.md §2, §9), in the interface language (ARCHITECTURE.md §10):
 * the patterns stay the spec's; month names, relative times and number separators follow the
 * language (dayjs's global locale is switched with it, lib/i18n.ts). The 12-hour marker stays
 * AM/PM in both languages.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { currentLocale } from './i18n.ts';

dayjs.extend(relativeTime);

/** 'App Issued' on cards: DD/MM/YYYY. */
export const formatDate = (d: string | Date) => dayjs(d).format('DD/MM/YYYY');
/** Token cards: DD/MM/YYYY HH:mm. */
export const formatDateTime = (d: string | Date) => dayjs(d).format('DD/MM/YYYY HH:mm');
/** Last Modified: DD MMMM YYYY ('24 November 2026'; Indonesian month names in Indonesian). */
export const formatLongDate = (d: string | Date) => dayjs(d).format('DD MMMM YYYY');
/** Tables: DD-MM-YYYY with 12-hour time and AM/PM in both languages. */
export const formatTableDateTime = (d: string | Date) => dayjs(d).locale('en').format('DD-MM-YYYY hh:mm:ss A');
/** Relative time ('3 minutes ago' / '3 menit yang lalu'). */
export const formatRelative = (d: string | Date) => dayjs(d).fromNow();

/** A whole number with the language's grouping ('12,345' / '12.345'). */
export const formatNumber = (n: number) => new Intl.NumberFormat(currentLocale()).format(n);

/** A percentage from a 0–100 value with up to `digits` decimals ('12.5%' / '12,5%'). */
export const formatPercent = (value: number, digits = 2) =>
  new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: digits }).format(value / 100);

/** Display formats of the spec (console.md §2, §9). */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** 'App Issued' on cards: DD/MM/YYYY. */
export const formatDate = (d: string | Date) => dayjs(d).format('DD/MM/YYYY');
/** Token cards: DD/MM/YYYY HH:mm. */
export const formatDateTime = (d: string | Date) => dayjs(d).format('DD/MM/YYYY HH:mm');
/** Last Modified: DD MMMM YYYY. */
export const formatLongDate = (d: string | Date) => dayjs(d).format('DD MMMM YYYY');
/** Tables: DD-MM-YYYY with 12-hour time. */
export const formatTableDateTime = (d: string | Date) => dayjs(d).format('DD-MM-YYYY hh:mm:ss A');
/** Relative time ('3 minutes ago'). */
export const formatRelative = (d: string | Date) => dayjs(d).fromNow();

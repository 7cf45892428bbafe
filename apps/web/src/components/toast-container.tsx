/**
 * The toast container with its styles, loaded lazily by app/provider.tsx so neither the
 * notifications package's component nor its CSS weighs on the first load (issue 10).
 */
import '@mantine/notifications/styles.css';

export { Notifications as default } from '@mantine/notifications';

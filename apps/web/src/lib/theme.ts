import { MultiSelect, Notification, Select, Tooltip, createTheme } from '@mantine/core';

/**
 * The console theme. Shade 8 of blue keeps white button text at WCAG AA contrast (axe
 * color-contrast); app/theme.css lifts the other light-scheme colours. Every toast has a named close
 * button; closed Select lists are unmounted so a field's label names one element only; tooltips also
 * show on keyboard focus.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    Notification: Notification.extend({
      defaultProps: { withCloseButton: true, closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
    Tooltip: Tooltip.extend({ defaultProps: { events: { hover: true, focus: true, touch: false } } }),
    Select: Select.extend({ defaultProps: { comboboxProps: { keepMounted: false } } }),
    MultiSelect: MultiSelect.extend({ defaultProps: { comboboxProps: { keepMounted: false } } }),
  },
});

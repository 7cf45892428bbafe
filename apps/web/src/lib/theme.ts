import { createTheme, type MantineThemeComponent } from '@mantine/core';

/**
 * The console theme. Shade 8 of blue keeps white button text at WCAG AA contrast (axe
 * color-contrast); app/theme.css lifts the other light-scheme colours. Every toast has a named close
 * button; closed Select lists are unmounted so a field's label names one element only; tooltips also
 * show on keyboard focus.
 * Plain component entries, not `Select.extend(...)`: importing Select, Tooltip and friends here
 * would pull Combobox, Popover and floating-ui into every page's first load (issue 10).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    Notification: {
      defaultProps: { withCloseButton: true, closeButtonProps: { 'aria-label': 'Close notification' } },
    } satisfies MantineThemeComponent,
    Tooltip: { defaultProps: { events: { hover: true, focus: true, touch: false } } } satisfies MantineThemeComponent,
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } } satisfies MantineThemeComponent,
    MultiSelect: { defaultProps: { comboboxProps: { keepMounted: false } } } satisfies MantineThemeComponent,
  },
});

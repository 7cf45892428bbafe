/**
 * The chart components of the Overview (@mantine/charts on Recharts, with their styles): loaded on
 * demand through lazy-chart.tsx only, so the Overview's first load carries no chart code (issue 28).
 */
import '@mantine/charts/styles.css';

export { BarChart, LineChart } from '@mantine/charts';

/**
 * What the other member screens (publisher home, member dashboard, statistics, payments,
 * documents, deductions, notifications, uploads) reuse from the earnings feature: the
 * `/api/me/summary`, `/api/me/earnings` and at-risk creators queries, the figure helpers and
 * links, the figure cards and the month chart. Charts pull in `@mantine/charts`: import them only
 * from lazily loaded screens, never from the landing page.
 */
export { CreatorRequirementsList } from './creator-requirements-list.tsx';
export { hasAnyFigures, MEMBER_LINKS, toChartRows, usePeriodLabel } from './figures.ts';
export { useMyEarnings, useMySummary } from './member-earnings-api.ts';
export { MonthsChart, type ChartSeries } from './months-chart.tsx';
export { RecentMonthsCard } from './recent-months-card.tsx';
export { NoFiguresState } from './states.tsx';
export {
  BalanceCards,
  FigureCard,
  FigureCardsSkeleton,
  FigureSection,
  MonthFigureCards,
  OwnFigureCards,
  SECTION_COLUMNS,
  TeamFigureCards,
} from './summary-cards.tsx';

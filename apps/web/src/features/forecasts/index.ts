/**
 * What the other screens use of the month forecasts (issue "See the month before it ends"): the
 * `/api/admin/forecasts` and `/api/me/forecast` queries, the state and went-dark badges, a
 * creator's requirement gaps as sentences, a forecast list's creator, the method's help and the
 * creators list's filter.
 */
export { CreatorForecastItem } from './creator-forecast-item.tsx';
export { DarkBadge, ForecastStateBadge } from './forecast-badges.tsx';
export { ForecastFilterSelect, isForecastFilter } from './forecast-filter.tsx';
export { ForecastHelp } from './forecast-help.tsx';
export { useAdminForecasts, useMyForecast } from './forecasts-api.ts';

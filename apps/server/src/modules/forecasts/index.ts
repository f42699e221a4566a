/** What other modules may use of forecasts: the snapshot an upload leaves, and the month's outlook. */
export { insertUploadSnapshot, snapshotLists, snapshotListsOf, type SnapshotLists } from './forecasts.repository.ts';
export { createForecastsService, type ForecastsService } from './forecasts.service.ts';
export { createAfterImports } from './after-imports.ts';
export { createDailyBrief } from './daily-brief.ts';
export { forecastsAdminRoutes, forecastsSelfRoutes } from './forecasts.routes.ts';

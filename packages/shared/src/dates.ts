/**
 * Dates and months are formatted in locale-formats.ts (one place for the six languages, with
 * written-out formats where the runtime lacks a language's data): never `2026-11` on a screen.
 */
export { formatDate, formatDateTime, formatDay, formatMonth, type MonthStyle } from './locale-formats.ts';

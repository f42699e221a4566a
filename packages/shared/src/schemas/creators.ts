import { z } from 'zod';
import { achievedBps, bpsToPercent, REQUIREMENT_STATES } from '../earnings.ts';
import { FORECAST_FILTERS, forecastStateSchema } from './forecasts.ts';

const creatorStatusSchema = z.enum(['pending', 'active', 'rejected', 'inactive']);
export type CreatorStatus = z.infer<typeof creatorStatusSchema>;

/** A creator record (docs/product.md §5); later lists add the current month's figures. */
export const creatorSchema = z.object({
  id: z.string(),
  tiktokUsername: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: creatorStatusSchema,
  reason: z.string().nullable(),
  ownerId: z.string().nullable(),
  affiliateId: z.string().nullable(),
  agencyCenterCode: z.string().nullable(),
  joinedAt: z.string(),
});
export type Creator = z.infer<typeof creatorSchema>;

// ---- admin: creators list, detail and changes (issue 3 slice A) ----

const memberRef = z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() });

/** One change of a record, from the activity log. */
export const historyEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: memberRef.nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** The current month's figures of a creator (zeros when nothing was uploaded yet). */
const creatorFiguresSchema = z.object({
  diamonds: z.number().int(),
  validDays: z.number().int(),
  liveSeconds: z.number().int(),
  matches: z.number().int(),
  lastLiveAt: z.string().nullable(),
  achievedPercent: z.number(),
  /** Against the creator requirements at the month's latest upload; null without figures this month. */
  requirementState: z.enum(REQUIREMENT_STATES).nullable(),
});

/** One row of `GET /api/admin/creators`. */
export const creatorListItemSchema = creatorSchema.extend(creatorFiguresSchema.shape).extend({
  affiliate: memberRef.nullable(),
  owner: memberRef.nullable(),
  /** This month's pace forecast state; null without a snapshot this month. */
  forecastState: forecastStateSchema.nullable(),
  /** Days without LIVE when the creator went dark (the agency's setting or more); null otherwise. */
  daysDark: z.number().int().nullable(),
});
export type CreatorListItem = z.infer<typeof creatorListItemSchema>;

const CREATOR_SORT_FIELDS = [
  'tiktokUsername',
  'name',
  'status',
  'joinedAt',
  'diamonds',
  'validDays',
  'liveSeconds',
  'matches',
  'lastLiveAt',
] as const;
export type CreatorSortField = (typeof CREATOR_SORT_FIELDS)[number];

/** Filter of the admin's at-risk list: one requirement state this month, or at risk and failing together. */
export const REQUIREMENT_FILTERS = [...REQUIREMENT_STATES, 'atRiskOrFailing'] as const;
export type RequirementFilter = (typeof REQUIREMENT_FILTERS)[number];

/** `GET /api/admin/creators?q=&page=&pageSize=&sort=&status=&affiliateId=&requirement=&forecast=` */
export const creatorListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: creatorStatusSchema.optional(),
  affiliateId: z.uuid().optional(),
  /** This month's requirement state (creators without figures this month have none and never match). */
  requirement: z.enum(REQUIREMENT_FILTERS).optional(),
  /** This month's forecast: at risk, out of reach, or went dark. */
  forecast: z.enum(FORECAST_FILTERS).optional(),
  sort: z.enum([...CREATOR_SORT_FIELDS, ...CREATOR_SORT_FIELDS.map((field) => `-${field}` as const)]).optional(),
});
export type CreatorListQuery = z.infer<typeof creatorListQuerySchema>;

const optionalText = z.string().trim().max(200).nullable().optional();

/** `POST /api/admin/creators`. The username is normalised and checked by the server. */
export const creatorCreateSchema = z.strictObject({
  tiktokUsername: z.string().max(100),
  name: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(32).nullable().optional(),
  status: creatorStatusSchema.default('active'),
  /** Required (10+ characters) when the status is `inactive` or `rejected`. */
  reason: z.string().trim().max(1000).nullable().optional(),
  ownerId: z.uuid().nullable().optional(),
  affiliateId: z.uuid().nullable().optional(),
  agencyCenterCode: optionalText,
  /** ISO date or date-time; default now. */
  joinedAt: z.iso.date().or(z.iso.datetime({ offset: true })).optional(),
});
export type CreatorCreateInput = z.input<typeof creatorCreateSchema>;
export type CreatorCreate = z.infer<typeof creatorCreateSchema>;

/** `PUT /api/admin/creators/:id`: any subset. */
export const creatorUpdateSchema = z.strictObject({
  tiktokUsername: z.string().max(100).optional(),
  name: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(32).nullable().optional(),
  status: creatorStatusSchema.optional(),
  reason: z.string().trim().max(1000).nullable().optional(),
  ownerId: z.uuid().nullable().optional(),
  affiliateId: z.uuid().nullable().optional(),
  agencyCenterCode: optionalText,
  joinedAt: z.iso.date().or(z.iso.datetime({ offset: true })).optional(),
});
export type CreatorUpdate = z.infer<typeof creatorUpdateSchema>;

/** `DELETE /api/admin/creators/:id` body (optional): the reason when the creator is kept as inactive. */
export const creatorDeleteSchema = z.strictObject({ reason: z.string().trim().max(1000).optional() }).optional();

/** A creator with figures is set inactive, never erased. */
export const creatorDeleteResultSchema = z.object({ id: z.string(), outcome: z.enum(['deleted', 'deactivated']) });
export type CreatorDeleteResult = z.infer<typeof creatorDeleteResultSchema>;

/** One month of a creator's figures. */
export const creatorMonthSchema = z.object({
  period: z.string(),
  diamonds: z.number().int(),
  validDays: z.number().int(),
  liveSeconds: z.number().int(),
  matches: z.number().int(),
  lastLiveAt: z.string().nullable(),
});
export type CreatorMonth = z.infer<typeof creatorMonthSchema>;

/** Achieved % of docs/product.md §8: the smaller of valid days / 12 and hours / 25, capped at 100 (one decimal, rounded down). */
export function achievedPercent(validDays: number, liveSeconds: number): number {
  return bpsToPercent(achievedBps(validDays, liveSeconds));
}

/** `GET /api/admin/creators/:id`: the creator, every month's figures (newest first) and change history. */
export const creatorDetailSchema = creatorListItemSchema.extend({
  months: z.array(creatorMonthSchema),
  history: z.array(historyEntrySchema),
});
export type CreatorDetail = z.infer<typeof creatorDetailSchema>;

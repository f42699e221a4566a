import {
  adminFinanceSchema,
  adminForecastsSchema,
  creatorForecastSchema,
  forecastCreatorItemSchema,
  myForecastSchema,
  creatorDetailSchema,
  creatorListItemSchema,
  creatorMonthSchema,
  memberListItemSchema,
  memberMonthSchema,
  myCreatorSchema,
  myProfileSchema,
  myEarningsSchema,
  mySummarySchema,
  paymentSchema,
  payoutRunSchema,
  type AdminFinance,
  type AdminForecasts,
  type CreatorForecast,
  type ForecastCreatorItem,
  type MyForecast,
  type CreatorDetail,
  type CreatorListItem,
  type CreatorMonth,
  type MemberListItem,
  type MemberMonth,
  type MemberRef,
  type MyCreator,
  type MyEarnings,
  type MyProfile,
  type MySummary,
  type Payment,
  type PaymentBank,
  type PayoutRun,
} from '@agency/shared';
import type { ListPage } from '../list-query.ts';

/**
 * Typed fixtures of the web tests: what the API answers, built from the shared contract
 * (`@agency/shared`). Each builder returns the contract's type, so a fixture that no longer fits a
 * changed contract fails the type check, and checks its value against the contract's zod schema
 * when it is built, so a value the server could never send (a status it does not know, a field it
 * no longer has) fails the test at once instead of feeding the screen something unreal.
 *
 * The defaults are plain and valid; a test names the fields its assertions read:
 *   aPayment({ status: 'Approved', amountCents: 12_345 })
 */

/** What the builders need of a shared zod schema (the web app reaches zod only through `@agency/shared`). */
interface ContractSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Parses `value` with the contract's schema; refuses what the schema refuses and fields it does not have. */
function checked<T extends object>(name: string, schema: ContractSchema<T>, value: T): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new Error(`The ${name} fixture does not fit the contract: ${problems}`);
  }
  // zod drops unknown fields silently: a field the contract does not have is a fixture out of date.
  const unknown = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined && !(key in result.data));
  if (unknown.length > 0) throw new Error(`The ${name} fixture has fields the contract does not have: ${unknown.join(', ')}`);
  return result.data;
}

let sequence = 0;
/** A fresh uuid-shaped id (some contracts and requests want uuids), stable in the order of the calls. */
function anId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** One page of a list answer (`{ items, total, page, pageSize }`); `total` is the items' count unless given. */
export function aPage<T>(items: T[], page: Partial<Omit<ListPage<T>, 'items'>> = {}): ListPage<T> {
  return { items, total: page.total ?? items.length, page: page.page ?? 1, pageSize: page.pageSize ?? 20 };
}

function aMemberRef(overrides: Partial<MemberRef> = {}): MemberRef {
  return { uid: anId(), firstName: 'Ada', lastName: 'Member', ...overrides };
}

// ---- payments ----

/** The member's bank details beside a payment of the admin list. */
export function aPaymentBank(overrides: Partial<PaymentBank> = {}): PaymentBank {
  return { holderName: 'Ada Member', bankName: 'Ziraat', iban: 'TR330006100519786457841326', bankStatus: 'Verified', ...overrides };
}

/**
 * A payment: a member's request of $120.00 ($125.00 earned, $5.00 deducted) for February 2026,
 * Pending. The admin list adds `member` and `bank`; the member's own list has neither.
 */
export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return checked('payment', paymentSchema, {
    id: anId(),
    memberId: overrides.member?.uid ?? anId(),
    amountCents: 12_000,
    grossCents: 12_500,
    deductionsCents: 500,
    periods: ['2026-02'],
    status: 'Pending',
    kind: 'request',
    runPeriod: null,
    notes: null,
    reason: null,
    invoicePreference: 'default',
    invoiceNumber: null,
    createdAt: '2026-03-10T10:00:00Z',
    updatedAt: '2026-03-10T10:00:00Z',
    paidAt: null,
    ...overrides,
  });
}

/** An automatic run of `GET /api/admin/payments/runs`: finished, nothing created. */
export function aPayoutRun(overrides: Partial<PayoutRun> = {}): PayoutRun {
  return checked('payout run', payoutRunSchema, {
    id: anId(),
    period: '2026-03',
    trigger: 'schedule',
    status: 'finished',
    startedAt: '2026-03-15T00:05:00Z',
    finishedAt: '2026-03-15T00:06:00Z',
    interruptedAt: null,
    created: 0,
    skipped: 0,
    existing: 0,
    pendingRegistration: 0,
    totalCents: 0,
    completedBy: null,
    ...overrides,
  });
}

// ---- members and creators ----

/** `GET /api/me/profile`: Ayşe Yılmaz, an active member with a phone, an e-mail and a password, in English. */
export function aMyProfile(overrides: Partial<MyProfile> = {}): MyProfile {
  return checked('profile', myProfileSchema, {
    uid: 'member-1',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    phone: '+905320000002',
    email: 'ayse@example.com',
    status: 'active',
    role: 'user',
    joinedAt: '2026-01-01T00:00:00.000Z',
    referredBy: null,
    referralCode: 'AYSE2026',
    referralLink: '',
    commissionRateBps: null,
    bankStatus: 'Not Verified',
    invoicePreference: 'default',
    bank: null,
    locale: 'en',
    avatarUrl: null,
    referralsEnabled: false,
    hasPassword: true,
    briefEmail: false,
    ...overrides,
  });
}

/** A row of `GET /api/admin/members`: an active member without creators or figures this month. */
export function aMember(overrides: Partial<MemberListItem> = {}): MemberListItem {
  const firstName = overrides.firstName ?? 'Ada';
  const referralCode = overrides.referralCode ?? `${firstName.toUpperCase()}2026`;
  return checked('member', memberListItemSchema, {
    uid: anId(),
    firstName,
    lastName: 'Member',
    phone: '+905320000001',
    email: null,
    status: 'active',
    role: 'user',
    joinedAt: '2026-01-05T10:00:00.000Z',
    referredBy: null,
    referralCode,
    referralLink: `http://portal.test/kayit?ref=${referralCode}`,
    commissionRateBps: null,
    bankStatus: 'Not Verified',
    invoicePreference: 'default',
    tiktokUsernames: [],
    affiliatedWith: null,
    creatorCount: 0,
    diamonds: 0,
    earningsCents: 0,
    ...overrides,
  });
}

/**
 * A row of `GET /api/admin/creators`: an active creator without figures this month. `affiliateId`
 * and `ownerId` follow `affiliate` and `owner` unless given.
 */
export function aCreator(overrides: Partial<CreatorListItem> = {}): CreatorListItem {
  return checked('creator', creatorListItemSchema, {
    id: anId(),
    tiktokUsername: 'star.one',
    name: 'Star One',
    phone: null,
    status: 'active',
    reason: null,
    ownerId: overrides.owner?.uid ?? null,
    affiliateId: overrides.affiliate?.uid ?? null,
    agencyCenterCode: null,
    joinedAt: '2026-01-10T00:00:00.000Z',
    diamonds: 0,
    validDays: 0,
    liveSeconds: 0,
    matches: 0,
    lastLiveAt: null,
    achievedPercent: 0,
    requirementState: null,
    affiliate: null,
    owner: null,
    forecastState: null,
    daysDark: null,
    ...overrides,
  });
}

/** One month of a creator's figures: nothing uploaded. */
export function aCreatorMonth(overrides: Partial<CreatorMonth> = {}): CreatorMonth {
  return checked('creator month', creatorMonthSchema, { period: '2026-02', diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null, ...overrides });
}

/** `GET /api/admin/creators/:id`: a creator as `aCreator` builds it, with its months (newest first) and change history. */
export function aCreatorDetail(overrides: Partial<CreatorDetail> = {}): CreatorDetail {
  const { months = [], history = [], ...creator } = overrides;
  return checked('creator detail', creatorDetailSchema, { ...aCreator(creator), months, history });
}

/** A creator of `GET /api/me/creators`: brought by the member, no figures in March 2026. */
export function aMyCreator(overrides: Partial<MyCreator> = {}): MyCreator {
  return checked('my creator', myCreatorSchema, {
    id: anId(),
    tiktokUsername: 'star.one',
    name: 'Star One',
    phone: null,
    status: 'active',
    reason: null,
    ownerId: null,
    affiliateId: anId(),
    agencyCenterCode: null,
    joinedAt: '2026-01-10T00:00:00.000Z',
    period: '2026-03',
    diamonds: 0,
    validDays: 0,
    liveSeconds: 0,
    matches: 0,
    lastLiveAt: null,
    relation: 'affiliate',
    achievedPercent: 0,
    requirementState: null,
    ...overrides,
  });
}

// ---- earnings ----

/**
 * `GET /api/me/summary`: March 2026 before any upload, $150.00 unpaid of which $120.00 is
 * available, eligible for payment, nothing on its way.
 */
export function aSummary(overrides: Partial<MySummary> = {}): MySummary {
  return checked('summary', mySummarySchema, {
    period: '2026-03',
    asOf: '2026-03-16',
    diamonds: 0,
    earningsCents: 0,
    rateBps: 100,
    personalRate: false,
    creatorCount: 1,
    ownDiamonds: 0,
    validDays: 0,
    liveSeconds: 0,
    achievedPercent: 0,
    requirementState: null,
    unpaidCents: 15_000,
    availableCents: 12_000,
    minimumPayoutCents: 5_000,
    eligibility: 'Eligible for Payment',
    atRiskCount: 0,
    onTheWay: [],
    ...overrides,
  });
}

/** One month of `GET /api/me/earnings`: an ended (payable) month without figures. */
export function anEarningsMonth(overrides: Partial<MemberMonth> = {}): MemberMonth {
  return checked('earnings month', memberMonthSchema, {
    period: '2026-02',
    diamonds: 0,
    earningsCents: 0,
    rateBps: 100,
    validDays: 0,
    liveSeconds: 0,
    creatorCount: 0,
    estimated: false,
    ...overrides,
  });
}

/** `GET /api/me/earnings?period=`: the months (oldest first) with their totals added up unless given. */
export function anEarnings(overrides: Partial<MyEarnings> = {}): MyEarnings {
  const months = overrides.months ?? [];
  const sum = (field: 'diamonds' | 'earningsCents' | 'validDays' | 'liveSeconds') => months.reduce((total, month) => total + month[field], 0);
  return checked('earnings', myEarningsSchema, {
    period: 'last6',
    months,
    totals: { diamonds: sum('diamonds'), earningsCents: sum('earningsCents'), validDays: sum('validDays'), liveSeconds: sum('liveSeconds') },
    ...overrides,
  });
}

export type FinanceMonth = AdminFinance['history'][number];
export type FinanceTopMember = AdminFinance['topMembers'][number];

/** One month of `GET /api/admin/finance`: no diamonds. */
export function aFinanceMonth(overrides: Partial<FinanceMonth> = {}): FinanceMonth {
  return { period: '2026-02', diamonds: 0, diamondsRevenueCents: 0, earningsCents: 0, ...overrides };
}

/** A member of the finance screen's top list: `value` is their earnings in cents. */
export function aFinanceTopMember(overrides: Partial<FinanceTopMember> = {}): FinanceTopMember {
  return { ...aMemberRef(), value: 0, diamonds: 0, ...overrides };
}

/** `GET /api/admin/finance?period=`: the months (oldest first) with the period's totals added up unless given. */
export function aFinance(overrides: Partial<AdminFinance> = {}): AdminFinance {
  const history = overrides.history ?? [];
  const sum = (field: 'diamonds' | 'diamondsRevenueCents' | 'earningsCents') => history.reduce((total, month) => total + month[field], 0);
  return checked('finance', adminFinanceSchema, {
    period: 'thisYear',
    diamonds: sum('diamonds'),
    diamondsRevenueCents: sum('diamondsRevenueCents'),
    earningsCents: sum('earningsCents'),
    history,
    topMembers: [],
    ...overrides,
  });
}

// ---- forecasts ----

/**
 * A creator's month forecast of `GET /api/admin/forecasts` and `GET /api/me/forecast`: March 2026 as
 * of the 22nd (9 days left), the last 7 days' pace, on pace for 12 valid LIVE days (8 so far,
 * projected 13) and 25 hours (18 h 30 min so far, projected 27 h).
 */
export function aCreatorForecast(overrides: Partial<CreatorForecast> = {}): CreatorForecast {
  return checked('creator forecast', creatorForecastSchema, {
    period: '2026-03',
    asOf: '2026-03-22',
    daysInMonth: 31,
    daysLeft: 9,
    method: 'last7Days',
    projected: { diamonds: 0, validDays: 13, liveSeconds: 27 * 3600 },
    requirements: [
      { rule: 'monthDays', needed: 12, have: 8, gap: 4, daysLeft: 9, projected: 13, state: 'onPace' },
      { rule: 'monthHours', needed: 25 * 3600, have: 18 * 3600 + 30 * 60, gap: 6 * 3600 + 30 * 60, daysLeft: 9, projected: 27 * 3600, state: 'onPace' },
    ],
    state: 'onPace',
    ...overrides,
  });
}

/** A creator of a forecast list: `aCreatorForecast`'s figures, not dark, pace not fallen. */
export function aForecastCreator(overrides: Partial<ForecastCreatorItem> = {}): ForecastCreatorItem {
  return checked('forecast creator', forecastCreatorItemSchema, {
    creatorId: anId(),
    tiktokUsername: 'star.one',
    name: 'Star One',
    affiliate: null,
    diamonds: 0,
    validDays: 8,
    liveSeconds: 18 * 3600 + 30 * 60,
    forecast: aCreatorForecast(),
    dark: null,
    paceFell: null,
    ...overrides,
  });
}

/** `GET /api/admin/forecasts`: March 2026 as of the 22nd, 5 days with an upload, nobody in any list. */
export function anAdminForecasts(overrides: Partial<AdminForecasts> = {}): AdminForecasts {
  return checked('admin forecasts', adminForecastsSchema, {
    period: '2026-03',
    asOf: '2026-03-22',
    snapshotDays: 5,
    darkAfterDays: 3,
    counts: { met: 0, onPace: 0, atRisk: 0, outOfReach: 0, noPace: 0, wentDark: 0, paceFell: 0 },
    atRisk: [],
    outOfReach: [],
    wentDark: [],
    ...overrides,
  });
}

/** `GET /api/me/forecast`: March 2026 as of the 22nd, no diamonds projected at the 1 % tier, no creators listed. */
export function aMyForecast(overrides: Partial<MyForecast> = {}): MyForecast {
  return checked('my forecast', myForecastSchema, {
    period: '2026-03',
    asOf: '2026-03-22',
    darkAfterDays: 3,
    member: { projectedDiamonds: 0, complete: true, rateBps: 100, personalRate: false, projectedCommissionCents: 0, nextTier: null },
    creators: [],
    ...overrides,
  });
}

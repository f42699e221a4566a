import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PATHS, MEMBER_PATHS } from '../apps/web/src/app/routes/paths.ts';
import { demo, openSignedIn, say, type ApiSession } from './support.ts';

/**
 * Dates, numbers and money in each of the six languages (docs/product.md §18), read from the member
 * home and the admin payments screen in Debian's Chromium, which has no Azerbaijani locale data
 * (left alone, it writes "2026 M11 24" and "1,215,000"). The expected texts are built here from the
 * values the API returns, with each language's separators, so the screen is checked against the
 * language and not against the app's own formatter. The activity log's payment entry is read too:
 * a status by name, money from cents, months by name, no raw values.
 *
 * Independent of the other spec files: Zeynep (no other journey uses her) sends one payment request
 * so that the admin list has a row; Ayşe's figures are only read.
 */

type Language = 'tr' | 'en' | 'de' | 'az' | 'ru' | 'ro';
type Session = ApiSession;
interface Payment {
  id: string;
  amountCents: number;
  periods: string[];
  createdAt: string;
  status: string;
}

const NBSP = '\u00a0';

/** Grouping and decimal separators, and where "$" and "%" go (CLDR; Azerbaijani as the product writes it). */
const NUMBERS: Record<Language, { group: string; decimal: string; money: (amount: string) => string }> = {
  tr: { group: '.', decimal: ',', money: (amount) => `$${amount}` },
  en: { group: ',', decimal: '.', money: (amount) => `$${amount}` },
  de: { group: '.', decimal: ',', money: (amount) => `${amount}${NBSP}$` },
  az: { group: NBSP, decimal: ',', money: (amount) => `${amount}${NBSP}$` },
  ru: { group: NBSP, decimal: ',', money: (amount) => `${amount}${NBSP}$` },
  ro: { group: '.', decimal: ',', money: (amount) => `${amount}${NBSP}$` },
};

const LETTERS = {
  tr: 'A-Za-zÇĞİÖŞÜçğıöşü',
  en: 'A-Za-z',
  de: 'A-Za-zÄÖÜäöüß',
  az: 'A-Za-zÇƏĞİÖŞÜçəğıöşü',
  ru: 'А-Яа-яЁё',
  ro: 'A-Za-zĂÂÎȘȚăâîșț',
} satisfies Record<Language, string>;

/** A day as the language writes it in a table (`24 Kas 2026`, `24.11.2026`, `24 нояб. 2026 г.`). */
const DATE: Record<Language, RegExp> = {
  tr: new RegExp(`^\\d{1,2} [${LETTERS.tr}]{3,}\\.? \\d{4}$`),
  en: new RegExp(`^\\d{1,2} [${LETTERS.en}]{3,}\\.? \\d{4}$`),
  de: /^\d{2}\.\d{2}\.\d{4}$/,
  az: /^\d{2}\.\d{2}\.\d{4}$/,
  ru: new RegExp(`^\\d{1,2} [${LETTERS.ru}]{3,}\\.? \\d{4} г\\.$`),
  ro: new RegExp(`^\\d{1,2} [${LETTERS.ro}]{3,}\\.? \\d{4}$`),
};

/** A month and year (`Kas 2026`, `noyabr 2026`, `нояб. 2026 г.`): a month name, never `2026-11` or `M11`. */
function monthPattern(language: Language): string {
  return `[${LETTERS[language]}]{3,}\\.? \\d{4}${language === 'ru' ? ' г\\.' : ''}`;
}

/** Azerbaijani month names (standalone, long and short): what Chromium, without the data, cannot write. */
const AZ_MONTHS = /^(yanvar|fevral|mart|aprel|may|iyun|iyul|avqust|sentyabr|oktyabr|noyabr|dekabr|yan|fev|mar|apr|iyn|iyl|avq|sen|okt|noy|dek) \d{4}$/;
/** The same at the start of a text, which begins with a capital letter by Azerbaijani rules (`{{month, capitalize}}`: `İyun 2026`). */
const AZ_MONTHS_FIRST = /^(Yanvar|Fevral|Mart|Aprel|May|İyun|İyul|Avqust|Sentyabr|Oktyabr|Noyabr|Dekabr|Yan|Fev|Mar|Apr|İyn|İyl|Avq|Sen|Okt|Noy|Dek) \d{4}$/;

function grouped(whole: number, group: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

function expectedNumber(value: number, language: Language): string {
  return grouped(value, NUMBERS[language].group);
}

function expectedMoney(cents: number, language: Language): string {
  const { group, decimal, money } = NUMBERS[language];
  const amount = `${grouped(Math.floor(Math.abs(cents) / 100), group)}${decimal}${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}${money(amount)}`;
}

/** What no screen may show: ISO months and days, the root locale's `M11`, raw JSON. */
function expectNoRawValues(text: string, where: string): void {
  expect(text, where).not.toMatch(/\b\d{4}-\d{2}\b/);
  expect(text, where).not.toMatch(/\bM\d{2}\b/);
  expect(text, where).not.toMatch(/[{}]/);
}

const sessions = new Map<string, Session>();

/** One sign-in per account for the whole file (the sign-in routes are rate limited). */
async function sessionFor(request: APIRequestContext, credentials: { email: string; password: string }): Promise<Session> {
  const cached = sessions.get(credentials.email);
  if (cached) return cached;
  const response = await request.post('/api/auth/login', { data: { email: credentials.email, password: credentials.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { data } = (await response.json()) as { data: Session };
  sessions.set(credentials.email, data);
  return data;
}

async function apiGet<T>(request: APIRequestContext, session: Session, url: string): Promise<T> {
  const response = await request.get(url, { headers: { accesstoken: session.token } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

const zeynep = { email: 'zeynep@example.com', password: 'Member!2026demo' };
const ZEYNEP_REQUEST_CENTS = 12_345;
let zeynepPayment: Payment | null = null;

/** Zeynep's payment request of $123.45, sent once for the file. */
async function zeynepRequest(request: APIRequestContext): Promise<Payment> {
  if (zeynepPayment) return zeynepPayment;
  const session = await sessionFor(request, zeynep);
  const own = await apiGet<{ items: Payment[] }>(request, session, '/api/me/payments');
  zeynepPayment = own.items.find((payment) => payment.amountCents === ZEYNEP_REQUEST_CENTS) ?? null;
  if (!zeynepPayment) {
    const response = await request.post('/api/me/payments', {
      headers: { accesstoken: session.token },
      data: { amountCents: ZEYNEP_REQUEST_CENTS, notes: 'Formats in six languages' },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
    zeynepPayment = ((await response.json()) as { data: Payment }).data;
  }
  return zeynepPayment;
}

/** Opens `path` signed in as `session`, in `language` (the browser's remembered choice), with its data and heading shown. */
async function open(page: Page, session: Session, language: Language, path: string): Promise<void> {
  await openSignedIn(page, session, path, language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

const cellTexts = async (row: ReturnType<Page['locator']>) => (await row.locator('td').allTextContents()).map((text) => text.trim());

// Azerbaijani first: the language Debian's Chromium has no data for.
const LANGUAGES: Language[] = ['az', 'tr', 'en', 'de', 'ru', 'ro'];

for (const language of LANGUAGES) {
  test(`formats (${language}): member home and admin payments show dates, numbers and money as ${language} writes them`, async ({ page, request }) => {
    // ---- the member home: this month's diamonds, the balance, the last months ----
    const member = await sessionFor(request, demo.member);
    const summary = await apiGet<{ diamonds: number; unpaidCents: number; availableCents: number; period: string; asOf: string | null }>(
      request,
      member,
      '/api/me/summary',
    );
    await open(page, member, language, MEMBER_PATHS.home);
    const main = page.locator('main');
    await expect(main).toContainText(expectedNumber(summary.diamonds, language));
    await expect(main).toContainText(expectedMoney(summary.unpaidCents, language));
    await expect(main).toContainText(expectedMoney(summary.availableCents, language));
    // The subtitle names this month (and the as-of day, once a file of this month is in).
    const subtitle = (await main.locator('h1 + p').first().textContent())?.trim() ?? '';
    expect(subtitle).toMatch(new RegExp(`^${monthPattern(language)}(?= ·|$)`));
    if (language === 'az') expect(subtitle.split(' · ')[0]).toMatch(AZ_MONTHS_FIRST);
    const asOfDay = /(\d{2}\.\d{2}\.\d{4}|\d{1,2} \S+ \d{4}( г\.)?)\s*$/.exec(subtitle.split(' · ')[1] ?? '');
    if (summary.asOf && asOfDay) expect(asOfDay[1]).toMatch(DATE[language]);

    // The last months as a table (the chart's figures): month, diamonds, earnings.
    const monthRows = main.locator('figure table tbody tr');
    expect(await monthRows.count()).toBeGreaterThan(0);
    for (const row of await monthRows.all()) {
      const [month = '', diamonds = '', earnings = ''] = await cellTexts(row);
      expect(month).toMatch(new RegExp(`^${monthPattern(language)}$`));
      if (language === 'az') expect(month).toMatch(AZ_MONTHS);
      expect(diamonds).toMatch(new RegExp(`^\\d{1,3}(${NUMBERS[language].group === '.' ? '\\.' : NUMBERS[language].group}\\d{3})*$`));
      expect(earnings).toMatch(moneyPattern(language));
    }
    expectNoRawValues(await main.innerText(), 'member home');

    // ---- the admin payments screen: Zeynep's request of $123.45 ----
    const payment = await zeynepRequest(request);
    const admin = await sessionFor(request, demo.admin);
    const adminPage = await page.context().newPage();
    await open(adminPage, admin, language, ADMIN_PATHS.payments);
    const row = adminPage.getByRole('row').filter({ hasText: 'Zeynep Şahin' }).filter({ hasText: expectedMoney(ZEYNEP_REQUEST_CENTS, language) });
    await expect(row).toHaveCount(1);
    // Columns: choose, member (name, then "kind · created"), bank account, amount, gross, deductions, months, status, menu.
    const [, memberCell = '', , amount = '', gross = '', deductions = '', months = ''] = await cellTexts(row);
    const created = memberCell.split(' · ').at(-1) ?? '';
    expect(amount).toBe(expectedMoney(ZEYNEP_REQUEST_CENTS, language));
    expect(gross).toBe(expectedMoney(ZEYNEP_REQUEST_CENTS, language));
    expect(deductions).toBe(expectedMoney(0, language));
    expect(created).toMatch(DATE[language]);
    const createdAt = new Date(payment.createdAt);
    if (language === 'az' || language === 'de') {
      expect(created).toBe(`${String(createdAt.getDate()).padStart(2, '0')}.${String(createdAt.getMonth() + 1).padStart(2, '0')}.${createdAt.getFullYear()}`);
    }
    // The months the request covers: "sen 2026 – okt 2026", never "2026-09".
    expect(months).toMatch(new RegExp(`^${monthPattern(language)}( – ${monthPattern(language)})?$`));
    if (language === 'az') for (const month of months.split(' – ')) expect(month).toMatch(AZ_MONTHS);
    expectNoRawValues(await adminPage.locator('main').innerText(), 'admin payments');

    // ---- the activity log: the request as people read it ----
    await adminPage.goto(ADMIN_PATHS.activityLog);
    await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
    const requested = await say(['activity'], 'Sent a payment request', language);
    const entry = adminPage.getByRole('row').filter({ hasText: requested }).first();
    await expect(entry).toBeVisible();
    expect((await cellTexts(entry))[1]).toMatch(new RegExp(`^${DATE[language].source.slice(1, -1)}[, ]+\\d{2}:\\d{2}$`));
    await entry.getByRole('button').first().click();
    const changes = adminPage.getByRole('table', { name: await say(['activity'], 'Changed fields', language) });
    await expect(changes).toBeVisible();
    const changesText = (await changes.innerText()).replace(/[ \t\r\n]+/g, ' ');
    expect(changesText).toContain(expectedMoney(ZEYNEP_REQUEST_CENTS, language));
    if (language !== 'en') expect(changesText).not.toContain(payment.status);
    expectNoRawValues(changesText, 'activity changes');
    await adminPage.close();
  });
}

/** Money as the language writes it: `$1.234,56` (tr), `1 234,56 $` (az, ru), `1.234,56 $` (de, ro), `$1,234.56` (en). */
function moneyPattern(language: Language): RegExp {
  const { group, decimal } = NUMBERS[language];
  const escape = (text: string) => text.replace(/[.$]/g, (character) => `\\${character}`);
  const amount = `\\d{1,3}(${escape(group)}\\d{3})*${escape(decimal)}\\d{2}`;
  return language === 'tr' || language === 'en' ? new RegExp(`^-?\\$${amount}$`) : new RegExp(`^-?${amount}${NBSP}\\$$`);
}

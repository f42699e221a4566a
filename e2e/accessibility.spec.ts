import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PATHS, MEMBER_PATHS, PUBLIC_PATHS } from '../apps/web/src/app/routes/paths.ts';
import { demoIds, demoSession, openInApp, rememberSignIn, type DemoIds, type DemoRole } from './support.ts';

/**
 * axe on every screen of docs/product.md §19. The list is generated from the route tables
 * (apps/web/src/app/routes/paths.ts, which the public, member and admin route tables are built
 * from), so a new screen is audited as soon as it has a path. Each screen is audited with its data
 * loaded (no skeleton, no loader left), in English and Turkish, and at phone width (390 px) for the
 * public and member screens and the admin's main lists. Every audit is made twice: in the light
 * colour scheme with every rule, then with the system switched to the dark one, which the product
 * follows, with the rules that read colours (COLOUR_RULES). A visitor's screens are loaded one by
 * one; a member's and the admin's are walked in one page each, as a user goes from screen to
 * screen (openInApp in support.ts), a step per screen.
 */
const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

// axe is injected as a script, which the product's strict CSP would refuse: bypass it for the audit only.
test.use({ bypassCSP: true });

type Role = DemoRole;
type Language = 'en' | 'tr';
type Ids = DemoIds;

const PHONE = { width: 390, height: 844 };

/** Detail pages need a real id: Ayşe (a member with creators and figures) and her creator. */
const withId: Partial<Record<keyof typeof ADMIN_PATHS, (ids: Ids) => string>> = {
  memberProfile: (ids) => `?id=${ids.memberUid}`,
  creatorDetails: (ids) => `?id=${ids.creatorId}`,
};

interface Screen {
  name: string;
  path: string;
  role: Role | null;
  query?: (ids: Ids) => string;
  phone?: boolean;
}

const screens: Screen[] = [
  ...Object.entries(PUBLIC_PATHS).map(([name, path]) => ({ name, path, role: null, phone: true })),
  { name: 'notFound', path: '/no-such-page', role: null, phone: true },
  ...Object.entries(MEMBER_PATHS).map(([name, path]) => ({ name, path, role: 'user' as const, phone: true })),
  { name: 'notFound (member area)', path: '/app/mydesk/no-such-page', role: 'user', phone: true },
  ...Object.entries(ADMIN_PATHS).map(([name, path]) => ({
    name,
    path,
    role: 'admin' as const,
    query: withId[name as keyof typeof ADMIN_PATHS],
    phone: ['members', 'creators', 'payments', 'memberProfile', 'dashboard', 'activityLog', 'dataExport'].includes(name),
  })),
  // The member overview also shows one member with `?id=`.
  { name: 'memberOverview (one member)', path: ADMIN_PATHS.memberOverview, role: 'admin', query: (ids) => `?id=${ids.memberUid}` },
];


type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/**
 * The rules whose answer depends on the colours: all that the dark scheme can change. The
 * product's dark scheme changes colours only: Mantine's CSS variables, and the CSS modules'
 * `[data-mantine-color-scheme='dark']` rules, which set backgrounds and colours; no component
 * reads the scheme (nothing in apps/web/src calls useComputedColorScheme or uses lightHidden or
 * darkHidden). So the page's elements, names, roles and structure are the same in both: the
 * light audit runs every rule on them, the dark one these (axe-core's `cat.color` rules that run
 * by default; the AAA contrast rule is off by default in both).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The serious and critical violations on the page: every rule, or only `rules`. */
async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Injected once per page (the dark audit reuses it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) });
  }, rules);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Signs `page` in as `role` (none for a visitor) in `language` for every document it loads. */
async function prepare(page: Page, request: APIRequestContext, role: Role | null, language: Language): Promise<void> {
  await rememberSignIn(page, role ? await demoSession(request, role) : null, language);
}

/**
 * Audits the open screen in the light colour scheme, then in the dark one, and goes back to the
 * light one for the next screen of a walk. Transitions are off before the first audit, or axe would
 * read colours halfway between the two schemes.
 */
async function auditOpenScreen(page: Page, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // Wait for the data, not the loading skeletons, spinners or the route progress bar.
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  if ((await page.locator('style#audit-no-transitions').count()) === 0) {
    const tag = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    await tag.evaluate((element) => (element as Element).setAttribute('id', 'audit-no-transitions'));
  }
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect.soft(await seriousViolations(page), 'light colour scheme').toEqual([]);
  // Mantine switches on the media change, without a reload.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect.soft(await seriousViolations(page, COLOUR_RULES), 'dark colour scheme').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

const pathOf = (screen: Screen, ids: Ids | null) => `${screen.path}${screen.query && ids ? screen.query(ids) : ''}`;

/** Loads the app at `screen` (a document of its own) and waits for its data. */
async function load(page: Page, request: APIRequestContext, screen: Screen): Promise<void> {
  await page.goto(pathOf(screen, screen.query ? await demoIds(request) : null));
  await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === screen.path.toLowerCase());
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Audits `screen` loaded on its own. */
async function audit(page: Page, request: APIRequestContext, screen: Screen, language: Language) {
  await prepare(page, request, screen.role, language);
  await load(page, request, screen);
  await auditOpenScreen(page, language);
}

/**
 * Audits `walked` one after the other in one page, as a user goes from screen to screen: the
 * first loads the app, the others open in it (openInApp). A step per screen; every screen is
 * audited even when one before it fails.
 */
async function auditWalk(page: Page, request: APIRequestContext, role: Role, walked: Screen[], language: Language) {
  await prepare(page, request, role, language);
  const ids = await demoIds(request);
  for (const [index, screen] of walked.entries()) {
    await test.step(`${screen.name} ${screen.path}`, async () => {
      if (index === 0) await load(page, request, screen);
      else await openInApp(page, pathOf(screen, ids));
      await auditOpenScreen(page, language);
    });
  }
}

// A visitor's screens load one by one: the landing page is a document of its own (prerendered,
// without Mantine's whole stylesheet, docs/decisions/013), so each is audited as it is loaded.
for (const screen of screens.filter((item) => item.role === null)) {
  for (const language of ['en', 'tr'] as const) {
    test(`axe: visitor ${screen.name} ${screen.path} (${language}, light and dark)`, async ({ page, request }) => {
      await audit(page, request, screen, language);
    });
  }
  test(`axe: visitor ${screen.name} ${screen.path} (tr, phone 390 px, light and dark)`, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await audit(page, request, screen, 'tr');
  });
}

// A member's and the admin's screens in walks, each screen a step of its walk.
for (const role of ['user', 'admin'] as const) {
  const who = role === 'admin' ? 'admin' : 'member';
  const walked = screens.filter((item) => item.role === role);
  for (const language of ['en', 'tr'] as const) {
    test(`axe: every ${who} screen (${language}, light and dark)`, async ({ page, request }) => {
      test.setTimeout(240_000);
      await auditWalk(page, request, role, walked, language);
    });
  }
  test(`axe: the ${who}'s phone screens (tr, phone 390 px, light and dark)`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(PHONE);
    await auditWalk(page, request, role, walked.filter((item) => item.phone), 'tr');
  });
}

/** What opens on a screen in the area of issue 17: the activity log's changes of an entry and a date field's calendar. */
test('axe: the activity log with an entry opened and a date calendar open (en, light and dark)', async ({ page, request }) => {
  const screen = screens.find((item) => item.name === 'activityLog')!;
  await rememberSignIn(page, await demoSession(request, 'admin'), 'en');
  await page.goto(screen.path);
  // A payment's approval (its status changed), among the payments' entries: the journeys beside
  // this test fill the first page of all entries with theirs (sign-ins, and entries that changed no
  // fields and so have no table of changes).
  await page.locator('main label').filter({ hasText: /^Payment$/ }).click();
  await expect(page.getByRole('radio', { name: 'Payment', exact: true })).toBeChecked();
  await page.getByRole('row').filter({ hasText: 'Approved a payment' }).first().getByRole('button', { name: 'Show changes' }).click();
  await expect(page.getByRole('table', { name: 'Changed fields' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  expect(await seriousViolations(page), 'light colour scheme').toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(page, COLOUR_RULES), 'dark colour scheme').toEqual([]);
});

test('every screen of the route tables is audited: their paths all come from paths.ts', async () => {
  const { readFile } = await import('node:fs/promises');
  const tables = { public: 'PUBLIC_PATHS', member: 'MEMBER_PATHS', admin: 'ADMIN_PATHS' };
  const audited = new Set(screens.map((screen) => screen.path));
  const paths = { PUBLIC_PATHS, MEMBER_PATHS, ADMIN_PATHS } as Record<string, Record<string, string>>;
  for (const [file, table] of Object.entries(tables)) {
    const source = await readFile(`apps/web/src/app/routes/${file}.tsx`, 'utf8');
    const entries = [...source.matchAll(/\bpath: ([^,}]+)/g)].map((match) => match[1]!.trim());
    expect(entries.length, file).toBeGreaterThan(0);
    for (const entry of entries) {
      // A screen whose path is written out in the table, not taken from paths.ts, would escape the audit.
      expect(entry, `${file}.tsx`).toMatch(new RegExp(`^${table}\\.\\w+$`));
      expect(audited.has(paths[table]![entry.split('.')[1]!]!), entry).toBe(true);
    }
  }
});

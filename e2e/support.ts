import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALE_NAMES } from '../packages/shared/src/locales.ts';

/** Demo sign-ins created by the seed (README lists the same). */
export const demo = {
  admin: { email: 'admin@example.com', password: 'Admin!2026demo', phone: '+905320000001' },
  member: { email: 'ayse@example.com', password: 'Member!2026demo', phone: '+905320000002', nationalPhone: '0532 000 00 02' },
};

/** The newest code sent to `phone`, read from the development outbox, as a tester would read the SMS. */
async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { data: { to: string; code: string | null }[] };
  const entry = body.data.find((message) => message.to === phone && message.code);
  if (!entry?.code) throw new Error(`No code in the outbox for ${phone}`);
  return entry.code;
}

/** Waits until the SMS with a code for `phone` is in the outbox (sending is asynchronous to the UI). */
export async function waitForCode(request: APIRequestContext, phone: string, notCode?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = await latestCode(request, phone).catch(() => '');
      return code !== '' && code !== notCode;
    }, { timeout: 10_000 })
    .toBe(true);
  return code;
}

/** Types a six-digit code into the code input labelled `label`, however it is split into boxes. */
export async function typeCode(page: Page, code: string, label = 'Code'): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(code, { delay: 30 });
}

/** Picks a language in the language menu (a native select) and waits for the page to switch. */
export async function chooseLanguage(page: Page, languageName: string): Promise<void> {
  const code = Object.entries(LOCALE_NAMES).find(([, name]) => name === languageName)?.[0];
  if (!code) throw new Error(`Unknown language ${languageName}`);
  await page.locator('select:has(option[value="tr"])').first().selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

type Tree = { [key: string]: string | Tree };
const localeCache = new Map<string, Tree>();

async function loadLocale(language: string, namespace: string): Promise<Tree> {
  const key = `${language}/${namespace}`;
  if (!localeCache.has(key)) {
    const { readFile } = await import('node:fs/promises');
    localeCache.set(key, JSON.parse(await readFile(`apps/web/src/locales/${key}.json`, 'utf8')) as Tree);
  }
  return localeCache.get(key)!;
}

function findPath(tree: Tree, value: string, prefix: string[] = []): string[] | null {
  for (const [key, child] of Object.entries(tree)) {
    if (child === value) return [...prefix, key];
    if (typeof child === 'object') {
      const found = findPath(child, value, [...prefix, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The text a screen shows in `language` for what it shows as `english` in English: the same key
 * of the same namespace. Lets one journey run in every language without copying translations.
 */
export async function say(namespaces: string[], english: string, language: string): Promise<string> {
  if (language === 'en') return english;
  for (const namespace of namespaces) {
    const path = findPath(await loadLocale('en', namespace), english);
    if (!path) continue;
    let node: string | Tree | undefined = await loadLocale(language, namespace);
    for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`${language}/${namespace}: no translation for ${path.join('.')}`);
    return node;
  }
  throw new Error(`No key in ${namespaces.join(', ')} shows "${english}" in English`);
}

/** A session as `POST /api/auth/login` answers it. */
export interface ApiSession {
  token: string;
  role: string;
  user: { uid: string };
}

export type DemoRole = 'admin' | 'user';

/** The demo records the detail pages need: Ayşe (a member with creators and figures) and one of her creators. */
export interface DemoIds {
  memberUid: string;
  creatorId: string;
}

const demoSessions = new Map<DemoRole, ApiSession>();
let demoIdsFound: DemoIds | null = null;

/** Signs in with e-mail and password through the API (`POST /api/auth/login`), as the sign-in screen does. */
export async function apiLogin(request: APIRequestContext, credentials: { email: string; password: string }): Promise<ApiSession> {
  const response = await request.post('/api/auth/login', { data: { email: credentials.email, password: credentials.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: ApiSession }).data;
}

/** The demo admin's or member's session, signed in once per spec file (the sign-in routes are rate limited). */
export async function demoSession(request: APIRequestContext, role: DemoRole): Promise<ApiSession> {
  const cached = demoSessions.get(role);
  if (cached) return cached;
  const session = await apiLogin(request, role === 'admin' ? demo.admin : demo.member);
  demoSessions.set(role, session);
  return session;
}

/** The ids of Ayşe and her first creator, looked up once per spec file. */
export async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  if (demoIdsFound) return demoIdsFound;
  const headers = { accesstoken: (await demoSession(request, 'admin')).token };
  const members = (await (await request.get('/api/admin/members?q=ayse', { headers })).json()) as { data: { items: { uid: string }[] } };
  const creators = (await (await request.get('/api/admin/creators?q=ayse', { headers })).json()) as { data: { items: { id: string }[] } };
  demoIdsFound = { memberUid: members.data.items[0]!.uid, creatorId: creators.data.items[0]!.id };
  return demoIdsFound;
}

/**
 * Signs in through the API and stores the session as the sign-in screen does, on the landing page,
 * after choosing `languageName` there when given (the spec then reads the app in that language).
 */
export async function signInThroughApi(
  page: Page,
  request: APIRequestContext,
  credentials: { email: string; password: string },
  languageName?: string,
): Promise<ApiSession> {
  const session = await apiLogin(request, credentials);
  await page.goto('/');
  if (languageName) await chooseLanguage(page, languageName);
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', stored.token);
    localStorage.setItem('role', stored.role);
    localStorage.setItem('userInfo', JSON.stringify({ uid: stored.user.uid }));
  }, session);
  return session;
}

/**
 * From now on every document `page` loads starts signed in as `session` (none: a visitor) and in
 * `language`, as a returning visitor of this browser.
 */
export async function rememberSignIn(page: Page, session: ApiSession | null, language: string): Promise<void> {
  await page.addInitScript(
    ({ lang, stored }) => {
      localStorage.setItem('language', lang);
      if (stored) {
        localStorage.setItem('accessToken', stored.token);
        localStorage.setItem('role', stored.role);
        localStorage.setItem('userInfo', JSON.stringify({ uid: stored.user.uid }));
      }
    },
    { lang: language, stored: session },
  );
}

/** A day (`2026-11-24`) as a person types it in the app's date fields: `24/11/2026` in English, `24.11.2026` in the other languages. */
export function typedDay(isoDay: string, language: string): string {
  const [year, month, day] = isoDay.split('-');
  return language === 'en' ? `${day}/${month}/${year}` : `${day}.${month}.${year}`;
}

/** Opens `path` signed in as `session`, in `language` (a returning visitor of this browser), once its data has loaded. */
export async function openSignedIn(page: Page, session: ApiSession, path: string, language: string): Promise<void> {
  await rememberSignIn(page, session, language);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
}

/** Requests in flight per page (openInApp), counted from the page's first use. */
const inFlight = new WeakMap<Page, { count: number; changed: number }>();

function trackRequests(page: Page): { count: number; changed: number } {
  let state = inFlight.get(page);
  if (!state) {
    const tracked = { count: 0, changed: Date.now() };
    const done = () => {
      // A request sent before the counting began ends without having been counted.
      tracked.count = Math.max(0, tracked.count - 1);
      tracked.changed = Date.now();
    };
    page.on('request', () => {
      tracked.count += 1;
      tracked.changed = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    inFlight.set(page, tracked);
    state = tracked;
  }
  return state;
}

/**
 * Opens `path` in the app already loaded in `page`, as a link in the app does (the router follows
 * `history.pushState` and the `popstate` event), without loading the app again: the walks over
 * every screen (fit.spec.ts, accessibility.spec.ts) spent ~1.5 s per screen starting the app.
 * Returns once the screen that was open is gone (its headings are replaced by the new screen's)
 * and no request has been in flight for 300 ms (`networkidle` is a state of the page's load,
 * reached once). The same path with another query is opened with a full load: React keeps that
 * screen's elements.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const pathname = path.split('?')[0]!;
  const requests = trackRequests(page);
  if (new URL(page.url()).pathname.toLowerCase() === pathname.toLowerCase()) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  } else {
    await page.evaluate((to) => {
      for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-screen-left', '');
      // At the top, as a screen that was loaded.
      window.scrollTo(0, 0);
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === pathname.toLowerCase());
  await expect(page.locator('h1:not([data-screen-left])').first()).toBeVisible();
  await expect.poll(() => requests.count === 0 && Date.now() - requests.changed >= 300, { intervals: [100] }).toBe(true);
}

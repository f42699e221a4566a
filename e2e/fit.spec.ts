import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_PATHS, MEMBER_PATHS } from '../apps/web/src/app/routes/paths.ts';
import { demoIds, demoSession, openInApp, rememberSignIn, type DemoIds, type DemoRole } from './support.ts';

/**
 * Issue 17, "lists that fit": every admin and member screen of the route tables, with the demo
 * data, at a 1280x800 laptop and a 390x844 phone, in Turkish (the default) and German (the longest
 * words). A screen fails when
 * - a status badge, a table cell or a field of a card shows its text cut (scrollWidth > clientWidth,
 *   1 px allowed for rounding), or any other text is cut with an ellipsis or clipped,
 * - on the laptop, a list scrolls sideways (a table's scroll container, or the page itself),
 * - on the phone, the page scrolls sideways or a table needs a sideways scroll (lists are cards there),
 * - on the phone, a tap target (button, link, input, select, [role=button]) is smaller than 44x44 px.
 * A full-page screenshot of every screen, size and language is attached to the test.
 */

type Role = DemoRole;
type Language = 'tr' | 'de';
type Ids = DemoIds;
interface Screen {
  name: string;
  path: string;
  query?: (ids: Ids) => string;
}

const SIZES = {
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof SIZES;

/** Detail pages need a real id: Ayşe (a member with creators and figures) and one of her creators. */
const ADMIN_QUERY: Partial<Record<keyof typeof ADMIN_PATHS, (ids: Ids) => string>> = {
  memberProfile: (ids) => `?id=${ids.memberUid}`,
  creatorDetails: (ids) => `?id=${ids.creatorId}`,
};

const SCREENS: Record<Role, Screen[]> = {
  admin: [
    ...Object.entries(ADMIN_PATHS).map(([name, path]) => ({ name, path, query: ADMIN_QUERY[name as keyof typeof ADMIN_PATHS] })),
    { name: 'memberOverview (one member)', path: ADMIN_PATHS.memberOverview, query: (ids: Ids) => `?id=${ids.memberUid}` },
  ],
  user: Object.entries(MEMBER_PATHS).map(([name, path]) => ({ name, path })),
};


interface Findings {
  cut: string[];
  sideways: string[];
  small: string[];
}

/**
 * Measures the open screen in the browser. Runs as one function in the page (no closures): what
 * is cut, what scrolls sideways, and (on a phone) which tap targets are too small.
 */
function measure(options: { phone: boolean }): Findings {
  const TOLERANCE = 1;
  const MIN_TARGET = 44;
  const describe = (element: Element): string => {
    const chart = element.closest('.recharts-wrapper') ? '[chart] ' : '';
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const label = element.getAttribute('aria-label');
    const classes = [...element.classList].filter((name) => name.startsWith('mantine-')).slice(0, 2).join('.');
    return `${chart}<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label ?? text}"`;
  };
  const viewportWidth = document.documentElement.clientWidth;
  /** Drawn and on the screen's width (not the collapsed sidebar, not a visually hidden text). */
  const isShown = (element: Element): boolean => {
    if (!element.checkVisibility({ opacityProperty: false, visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    // Off the screen: the collapsed sidebar, the skip link until a keyboard focuses it.
    if (box.right <= 0 || box.left >= viewportWidth || box.bottom <= 0) return false;
    return !element.closest('.mantine-VisuallyHidden-root, [data-visually-hidden], [aria-hidden="true"][style*="position: absolute"]');
  };
  const hasOwnText = (element: Element): boolean =>
    [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');

  const cut: string[] = [];
  // Badges, table cells and card fields: their text must fit whatever their overflow says.
  const always = document.querySelectorAll(
    '.mantine-Badge-root, .mantine-Badge-label, td, th, .mantine-Card-root *, .mantine-Paper-root *',
  );
  const checked = new Set<Element>();
  for (const element of always) {
    if (!isShown(element) || !(element.textContent ?? '').trim()) continue;
    // A field is an element that shows text itself; a table cell or a badge counts whole.
    const counts = element.matches('.mantine-Badge-root, .mantine-Badge-label, td, th') || hasOwnText(element);
    if (!counts) continue;
    checked.add(element);
    const style = getComputedStyle(element);
    // Scroll areas are measured below as sideways scrolling.
    if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
    if (element.scrollWidth > element.clientWidth + TOLERANCE) cut.push(`${describe(element)} ${element.scrollWidth}>${element.clientWidth}`);
  }
  // Any other text cut with an ellipsis or clipped (header, navigation, titles).
  for (const element of document.body.querySelectorAll('*')) {
    if (checked.has(element) || !hasOwnText(element) || !isShown(element)) continue;
    const style = getComputedStyle(element);
    const clips = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip';
    if (clips && element.scrollWidth > element.clientWidth + TOLERANCE) cut.push(`${describe(element)} ${element.scrollWidth}>${element.clientWidth}`);
    const clamp = style.webkitLineClamp;
    if (clamp && clamp !== 'none' && element.scrollHeight > element.clientHeight + TOLERANCE) cut.push(`${describe(element)} clamped to ${clamp} lines`);
  }
  // Text that sticks out of a box that clips it (a control wider than its card): cut at the box's edge.
  for (const element of document.body.querySelectorAll('*')) {
    if (!hasOwnText(element) || !isShown(element)) continue;
    const box = element.getBoundingClientRect();
    for (let holder = element.parentElement; holder && holder !== document.body; holder = holder.parentElement) {
      const style = getComputedStyle(holder);
      if (style.overflowX === 'visible') continue;
      // A scroll area lets the reader reach the rest: measured as sideways scrolling below.
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
      const edge = holder.getBoundingClientRect();
      if (box.right > edge.right + TOLERANCE || box.left < edge.left - TOLERANCE) {
        cut.push(`${describe(element)} sticks out of ${describe(holder)} by ${Math.round(Math.max(box.right - edge.right, edge.left - box.left))} px`);
        break;
      }
    }
  }

  const sideways: string[] = [];
  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > page.clientWidth + TOLERANCE) sideways.push(`the page ${page.scrollWidth}>${page.clientWidth}`);
  for (const element of document.querySelectorAll('main *')) {
    const style = getComputedStyle(element);
    if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
    if (!isShown(element) || !element.querySelector('table')) continue;
    if (element.scrollWidth > element.clientWidth + TOLERANCE) {
      const heading = element.closest('section, .mantine-Paper-root, .mantine-Card-root')?.querySelector('h1, h2, h3, caption');
      sideways.push(`table${heading ? ` under "${heading.textContent?.trim()}"` : ''} ${element.scrollWidth}>${element.clientWidth}`);
    }
  }

  const small: string[] = [];
  if (options.phone) {
    const targets = document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"]');
    for (const element of targets) {
      // Inline text links inside a sentence (a paragraph with more text than the link) are exempt,
      // as WCAG 2.5.8 exempts them: the line height of the sentence decides their size.
      if (element.matches('a') && element.closest('p') && element.closest('p')!.textContent!.trim() !== element.textContent!.trim()) continue;
      let target: Element = element;
      // An input drawn by its label (chips, segmented controls, radios, checkboxes): the label is the target.
      if (element.matches('input') && element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        const label = element.labels?.[0];
        const box = element.getBoundingClientRect();
        if (getComputedStyle(element).opacity === '0' || box.width <= 1) {
          if (!label) continue;
          target = label;
        } else {
          // A visible box with its label beside it: both are tapped as one, measure what holds both.
          let holder: Element | null = element.parentElement;
          while (holder && label && !holder.contains(label)) holder = holder.parentElement;
          target = holder ?? element;
        }
      }
      if (!isShown(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.width + TOLERANCE < MIN_TARGET || box.height + TOLERANCE < MIN_TARGET) {
        small.push(`${describe(element)} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
  }
  return { cut: [...new Set(cut)], sideways, small: [...new Set(small)] };
}

/** The first screen of a walk loads the app; the others open in it, as its links open them. */
async function openScreen(page: Page, path: string, first: boolean): Promise<void> {
  if (first) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === path.split('?')[0]!.toLowerCase());
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  } else {
    await openInApp(page, path);
  }
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  // The web font changes widths: measure with the one the user sees.
  await page.evaluate(() => document.fonts.ready);
}

async function walk(page: Page, request: APIRequestContext, testInfo: TestInfo, role: Role, language: Language, size: Size): Promise<void> {
  const session = await demoSession(request, role);
  const knownIds = role === 'admin' ? await demoIds(request) : null;
  await page.setViewportSize(SIZES[size]);
  await rememberSignIn(page, session, language);
  const failures: string[] = [];
  for (const [index, screen] of SCREENS[role].entries()) {
    const path = `${screen.path}${screen.query && knownIds ? screen.query(knownIds) : ''}`;
    await test.step(`${screen.name} ${path}`, async () => {
      await openScreen(page, path, index === 0);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const shot = testInfo.outputPath(`${role}-${language}-${size}-${screen.name.replace(/\W+/g, '-')}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`${role} ${screen.name} ${language} ${size}`, { path: shot, contentType: 'image/png' });
      const found = await page.evaluate(measure, { phone: size === 'phone' });
      const lines = [
        ...found.cut.map((line) => `cut: ${line}`),
        ...found.sideways.map((line) => `scrolls sideways: ${line}`),
        ...found.small.map((line) => `tap target under 44x44: ${line}`),
      ].map((line) => `${screen.name} ${path}: ${line}`);
      failures.push(...lines);
    });
  }
  expect(failures, `${role} ${language} ${size}`).toEqual([]);
}

for (const role of ['admin', 'user'] as const) {
  for (const language of ['tr', 'de'] as const) {
    for (const size of ['laptop', 'phone'] as const) {
      const who = role === 'admin' ? 'admin' : 'member';
      test(`fit: every ${who} screen at ${SIZES[size].width}x${SIZES[size].height} in ${language}`, async ({ page, request }, testInfo) => {
        test.setTimeout(240_000);
        await walk(page, request, testInfo, role, language, size);
      });
    }
  }
}

test('the walk covers every signed-in screen of the route tables', () => {
  const walked = new Set([...SCREENS.admin, ...SCREENS.user].map((screen) => screen.path));
  for (const path of [...Object.values(ADMIN_PATHS), ...Object.values(MEMBER_PATHS)]) expect(walked.has(path), path).toBe(true);
});

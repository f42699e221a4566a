import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@agency/shared';
import { usePublicSettings } from '../lib/public-settings.ts';
import { useSession } from '../lib/use-session.ts';
import { useRouteHandles } from './app-router.tsx';
import { useNavigationDecision } from './guard.tsx';
import type { RouteHandle, TitleKey } from './routes/screen-routes.tsx';

const NOT_FOUND_TITLE: TitleKey = 'common:notFound.title';

function screenTitleKey(handles: Array<RouteHandle | undefined>, role: Role | undefined): TitleKey | undefined {
  for (const handle of [...handles].reverse()) {
    const title = handle?.title;
    if (!title) continue;
    if (typeof title === 'string') return title;
    const forRole = role ? title[role] : undefined;
    if (forRole) return forRole;
  }
  return undefined;
}

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** index.html's icon, shown while the settings load and when the agency has no logo. */
const DEFAULT_ICON = { href: '/favicon.svg', type: 'image/svg+xml' };

/** Points `<link rel="icon">` at the agency logo (PNG or JPEG), or back at the default icon. */
function setIcon(logoUrl: string | null): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  const href = logoUrl ?? DEFAULT_ICON.href;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  if (logoUrl) link.removeAttribute('type');
  else link.type = DEFAULT_ICON.type;
}

/**
 * `document.title` is "<screen> · <agency page title>" (the landing page shows the page title alone)
 * and the meta description is the agency's; both come from `GET /api/settings/public`, with the
 * translated texts of `common:app.*` while it loads or when it fails. The document's icon is the
 * agency logo when one was uploaded.
 */
export function DocumentHead() {
  const handles = useRouteHandles();
  const session = useSession();
  const decision = useNavigationDecision();
  const key = decision.kind === 'notFound' ? NOT_FOUND_TITLE : screenTitleKey(handles as Array<RouteHandle | undefined>, session?.role);
  const namespace = key?.startsWith('nav:') ? 'nav' : 'common';
  const { t } = useTranslation(namespace);
  const { data: settings } = usePublicSettings();

  const site = settings?.pageTitle ?? settings?.agencyName ?? t('common:app.pageTitle');
  const screen = key ? t(key) : null;
  const title = screen ? `${screen} · ${site}` : site;
  const description = settings?.pageDescription ?? t('common:app.description');
  const logoUrl = settings?.logoUrl ?? null;

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    setMetaDescription(description);
  }, [description]);
  useEffect(() => {
    setIcon(logoUrl);
  }, [logoUrl]);
  return null;
}

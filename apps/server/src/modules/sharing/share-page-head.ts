import type { PublicSettings } from '@agency/shared';
import type { SharePageHead } from '../../plugins/static-web.ts';
import { buildShareHead, visitorLanguage } from './share-head.ts';

export interface SharePageHeadDeps {
  /** The agency's public settings (name, logo), read for each page: a change shows at once. */
  getPublicSettings(): Promise<PublicSettings>;
  /** PUBLIC_URL: the address links and images are given under (never the request's Host). */
  publicUrl: string;
}

/** The head of `/` and `/kayit` for the request's visitor: their language, the agency's name and logo. */
export function createSharePageHead(deps: SharePageHeadDeps): SharePageHead {
  return async (request, page) => {
    const settings = await deps.getPublicSettings();
    const query = request.url.indexOf('?');
    const referralCode = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get('ref');
    return buildShareHead({
      page,
      locale: visitorLanguage(request.headers.cookie, request.headers['accept-language']),
      agencyName: settings.agencyName,
      logoUrl: settings.logoUrl,
      publicUrl: deps.publicUrl,
      referralCode,
    });
  };
}

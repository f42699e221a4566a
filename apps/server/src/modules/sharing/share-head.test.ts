import { LOCALES } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, buildShareHead, escapeHtml, injectShareHead, sharePageOf, visitorLanguage } from './share-head.ts';
import { SHARE_TEXTS } from './share-texts.ts';

const PUBLIC_URL = 'https://portal.example';

describe('the texts of shared links', () => {
  const rendered = (locale: (typeof LOCALES)[number]) => {
    const texts = SHARE_TEXTS[locale];
    return {
      landingTitle: texts.landing.title('Star LIVE'),
      landingDescription: texts.landing.description('Star LIVE'),
      applyTitle: texts.apply.title('Star LIVE'),
      applyDescription: texts.apply.description('Star LIVE'),
      invited: texts.apply.invited('Star LIVE'),
    };
  };
  it.each(LOCALES)('%s has every text, each with the agency name', (locale) => {
    for (const [key, text] of Object.entries(rendered(locale))) expect(text, `${locale}.${key}`).toContain('Star LIVE');
  });
  it('only English is English', () => {
    const english = rendered('en');
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      const texts = rendered(locale);
      for (const key of Object.keys(english) as (keyof typeof english)[]) expect(texts[key], `${locale}.${key}`).not.toBe(english[key]);
    }
  });
});

describe("the visitor's language", () => {
  it.each([
    ['language=ru', 'de-DE,de;q=0.9', 'ru'],
    ['theme=dark; language=az', undefined, 'az'],
    [undefined, 'de-DE,de;q=0.9,en;q=0.8', 'de'],
    [undefined, 'fr-FR, en;q=0.5, ro;q=0.7', 'ro'],
    [undefined, 'en-GB;q=0.4, ru;q=0.9', 'ru'],
    [undefined, 'fr, es', 'tr'],
    [undefined, 'ru;q=0, en', 'en'],
    [undefined, undefined, 'tr'],
    ['language=xx', 'en', 'en'],
    ['language=EN', 'de', 'de'],
    ['mylanguage=en', undefined, 'tr'],
  ])('cookie %j, Accept-Language %j -> %s', (cookie, accept, expected) => {
    expect(visitorLanguage(cookie, accept)).toBe(expected);
  });
  it('reads a long header only so far', () => {
    expect(acceptedLanguages(`${'xx,'.repeat(5000)}de`)).toEqual([]);
  });
});

describe('the head of a shared page', () => {
  it('escapes what comes from the settings and the link', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
    const head = buildShareHead({ page: 'apply', locale: 'en', agencyName: '"><script>alert(1)</script>', logoUrl: null, publicUrl: PUBLIC_URL, referralCode: '"><b>' });
    expect(head.tags).not.toContain('<script>');
    expect(head.tags).toContain('content="Apply to &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    // A referral code that is not one is left out of the link.
    expect(head.tags).toContain(`<meta property="og:url" content="${PUBLIC_URL}/kayit">`);
    const page = injectShareHead('<html><head><title>Agency</title><meta name="description" content="" /></head><body></body></html>', head);
    expect(page).not.toContain('<script>');
    expect(page).toContain('<title>Apply to &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
  });

  it('the default image with its size and the large card; the logo with the small card', () => {
    const plain = buildShareHead({ page: 'landing', locale: 'de', agencyName: 'Star LIVE', logoUrl: null, publicUrl: PUBLIC_URL });
    expect(plain.tags).toContain(`<meta property="og:image" content="${PUBLIC_URL}/og-image.jpg">`);
    expect(plain.tags).toContain('<meta property="og:image:width" content="1200">');
    expect(plain.tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(plain.tags).toContain('<meta property="og:locale" content="de_DE">');
    expect(plain.tags).toContain('<meta property="og:locale:alternate" content="tr_TR">');
    expect(plain.tags).not.toContain('og:locale:alternate" content="de_DE"');
    const logo = buildShareHead({ page: 'landing', locale: 'de', agencyName: 'Star LIVE', logoUrl: '/api/settings/logo?v=abc&x=1', publicUrl: PUBLIC_URL });
    expect(logo.tags).toContain(`<meta property="og:image" content="${PUBLIC_URL}/api/settings/logo?v=abc&amp;x=1">`);
    expect(logo.tags).toContain('<meta name="twitter:card" content="summary">');
    expect(logo.tags).not.toContain('og:image:width');
  });

  it('a page without a head is left as it is', () => {
    const head = buildShareHead({ page: 'landing', locale: 'tr', agencyName: 'A', logoUrl: null, publicUrl: PUBLIC_URL });
    expect(injectShareHead('<div id="root"></div>', head)).toBe('<div id="root"></div>');
  });

  it('only / and /kayit are shared pages', () => {
    expect(sharePageOf('/')).toBe('landing');
    expect(sharePageOf('/kayit')).toBe('apply');
    expect(sharePageOf('/Kayit/')).toBe('apply');
    expect(sharePageOf('/app/setting/publisher')).toBeNull();
    expect(sharePageOf('/kayit/x')).toBeNull();
  });
});

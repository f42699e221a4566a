import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { settings } from '../../db/schema.ts';
import { registerStaticWeb } from '../../plugins/static-web.ts';

/**
 * Issue 17: a shared link of the portal (`/`, `/kayit?ref=…`) previews with the agency's name, a
 * description and an image, in the visitor's language, in the HTML as the server sends it (link
 * previews run no script). Runs on PGlite and on PostgreSQL (the name and logo come from the
 * settings row).
 */
const PASSWORD = 'Sharing-pass-12';

/** A build's pages as the web build writes them (apps/web/index.html's head; the body trimmed). */
const page = (language: string, body: string) => `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="" />
    <meta name="theme-color" content="#FE2C55" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Agency</title>
  </head>
  <body>
    ${body}
  </body>
</html>
`;

/** The content of `<meta property|name="key" content="…">` as sent (still escaped). */
function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match ? match[1]! : null;
}
const count = (html: string, text: string) => html.split(text).length - 1;

describe('link previews of / and /kayit', () => {
  let dist: string;
  let t: TestApp;
  let admin = '';
  let referralCode = '';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'agency-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page('tr', '<div id="root" data-prerendered="tr"><main>Ajansa katıl</main></div>'));
    writeFileSync(join(dist, 'index.en.html'), page('en', '<div id="root" data-prerendered="en"><main>Join the agency</main></div>'));
    writeFileSync(join(dist, 'app.html'), page('tr', '<div id="root"></div>'));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    await createUser(t.db, { role: 'admin', email: 'admin.share@example.com', password: PASSWORD });
    admin = await signInWithPassword(t.app, 'admin.share@example.com', PASSWORD);
    referralCode = (await createUser(t.db, { email: 'ayse.share@example.com' })).referralCode;
    const renamed = await call(t.app, 'PUT', '/api/admin/settings', { token: admin, body: { agencyName: 'Yıldız LIVE Ajansı' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('/kayit?ref=<code> with a Russian language cookie: Russian title and description with the agency name, the link with its code', async () => {
    const response = await get(`/kayit?ref=${referralCode}`, { cookie: 'theme=dark; language=ru', 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(meta(html, 'og:title')).toBe('Подайте заявку в агентство Yıldız LIVE Ajansı');
    expect(meta(html, 'og:description')).toBe(
      'Вас пригласили присоединиться к агентству Yıldız LIVE Ajansı как автора эфиров TikTok. Подать заявку можно бесплатно, это займёт минуту.',
    );
    expect(html).toContain('<title>Подайте заявку в агентство Yıldız LIVE Ajansı</title>');
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(meta(html, 'og:url')).toBe(`http://portal.test/kayit?ref=${referralCode}`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:locale')).toBe('ru_RU');
    expect(meta(html, 'og:site_name')).toBe('Yıldız LIVE Ajansı');
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    expect(meta(html, 'twitter:description')).toBe(meta(html, 'og:description'));
    // No logo uploaded: the build's default image, with its size, for the large card.
    expect(meta(html, 'og:image')).toBe('http://portal.test/og-image.jpg');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe('http://portal.test/og-image.jpg');
    // One title and one description: replaced, not added; the app shell is still there.
    expect(count(html, '<title>')).toBe(1);
    expect(count(html, 'name="description"')).toBe(1);
    expect(html).toContain('<div id="root"></div>');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect(response.headers['cache-control']).toBe('no-cache');
    // The same security headers as every page (the CSP forbids inline scripts: the head adds none).
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('/ in German by Accept-Language when no language was chosen, in English when the cookie says so', async () => {
    const german = await get('/', { 'accept-language': 'de-CH, de;q=0.9, en;q=0.5' });
    expect(meta(german.body, 'og:title')).toBe('Yıldız LIVE Ajansı | TikTok-LIVE-Agentur');
    expect(meta(german.body, 'og:description')).toContain('Werden Sie kostenlos Teil von Yıldız LIVE Ajansı');
    expect(meta(german.body, 'og:locale')).toBe('de_DE');
    expect(meta(german.body, 'og:url')).toBe('http://portal.test/');
    // The prerendered page itself follows the cookie only (docs/decisions/013): Turkish here.
    expect(german.body).toContain('data-prerendered="tr"');

    const english = await get('/', { cookie: 'language=en', 'accept-language': 'de' });
    expect(meta(english.body, 'og:title')).toBe('Yıldız LIVE Ajansı | TikTok LIVE agency');
    expect(english.body).toContain('data-prerendered="en"');

    const turkish = await get('/kayit');
    expect(meta(turkish.body, 'og:title')).toBe('Yıldız LIVE Ajansı ajansına başvurun');
    expect(meta(turkish.body, 'og:description')).toContain('üç adımda başvurun');
    expect(meta(turkish.body, 'og:url')).toBe('http://portal.test/kayit');
  });

  it("the agency's logo as og:image (an absolute URL under PUBLIC_URL), with the small card", async () => {
    await t.db.update(settings).set({ logoKey: 'logos/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0.png' });
    try {
      const html = (await get('/', { cookie: 'language=en' })).body;
      const image = meta(html, 'og:image');
      expect(image).toMatch(/^http:\/\/portal\.test\/api\/settings\/logo\?v=[\w-]+$/);
      expect(meta(html, 'twitter:image')).toBe(image);
      expect(meta(html, 'twitter:card')).toBe('summary');
      // The URL answers with the logo's route (404 here: no file was stored, but not the app shell).
      const logo = await get(new URL(image!).pathname + new URL(image!).search);
      expect(logo.headers['content-type']).not.toContain('text/html');
    } finally {
      await t.db.update(settings).set({ logoKey: null });
    }
  });

  it('a hostile agency name and referral code are escaped, never markup', async () => {
    const hostile = '"><script>alert(1)</script>';
    const renamed = await call(t.app, 'PUT', '/api/admin/settings', { token: admin, body: { agencyName: hostile } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    try {
      for (const url of ['/', '/kayit', '/kayit?ref=%22%3E%3Cscript%3Ealert(2)%3C%2Fscript%3E']) {
        const html = (await get(url, { cookie: 'language=en' })).body;
        expect(html, url).not.toContain('<script>');
        expect(html, url).not.toContain('alert(2)');
        expect(meta(html, 'og:site_name'), url).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], url).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(meta(html, 'og:title'), url).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      }
      // The code that is not a referral code is left out of the link.
      expect(meta((await get('/kayit?ref=%22%3E%3Cscript%3E')).body, 'og:url')).toBe('http://portal.test/kayit');
    } finally {
      await call(t.app, 'PUT', '/api/admin/settings', { token: admin, body: { agencyName: 'Yıldız LIVE Ajansı' } });
    }
  });

  it('compressed as the browser accepts; the same page again is answered 304', async () => {
    const plain = await get('/kayit', { cookie: 'language=ru' });
    const brotli = await get('/kayit', { cookie: 'language=ru', 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/kayit', { cookie: 'language=ru', 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const again = await get('/kayit', { cookie: 'language=ru', 'accept-encoding': 'gzip, br;q=0', 'if-none-match': String(gzip.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Another language is another page: a different ETag.
    const turkish = await get('/kayit', { 'accept-encoding': 'gzip, br;q=0' });
    expect(turkish.headers.etag).not.toBe(gzip.headers.etag);
  });

  it('other client paths get the shell as built', async () => {
    const response = await get('/app/setting/publisher', { cookie: 'language=ru' });
    expect(response.body).toBe(page('tr', '<div id="root"></div>'));
    expect(response.body).not.toContain('og:title');
  });
});

describe('when the settings cannot be read', () => {
  it('the page goes out as built', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'agency-web-dist-'));
    writeFileSync(join(dist, 'index.html'), page('tr', '<div id="root"></div>'));
    const app = Fastify({ logger: false });
    try {
      await registerStaticWeb(app, dist, { pageHead: async () => Promise.reject(new Error('database unreachable')) });
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(page('tr', '<div id="root"></div>'));
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

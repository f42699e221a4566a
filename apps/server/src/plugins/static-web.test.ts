import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('the web app', () => {
  let dist: string;
  let t: TestApp;
  const script = 'console.log("' + 'x'.repeat(4000) + '")';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'agency-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The build writes compressed copies beside the text files (apps/web/vite.config.ts).
    writeFileSync(join(dist, 'assets', 'big-def456.js'), script);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>Portal</title><div id="root"></div>'));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for any client-side route (SPA fallback), not cached', async () => {
    for (const url of ['/', '/kayit', '/app/setting/publisher', '/app/mydesk/users?tab=2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy the browser accepts (brotli first), the plain file otherwise', async () => {
    const url = '/assets/big-def456.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(Number(brotli.headers['content-length'])).toBeLessThan(200);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toMatch(/^console\.log\("x{4000}"\)$/);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toHaveLength(script.length);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toHaveLength(script.length);

    // The app shell too, for client-side routes.
    const shell = await t.app.inject({ method: 'GET', url: '/kayit', headers: { 'accept-encoding': 'gzip' } });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['content-type']).toContain('text/html');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(shell.rawPayload).toString()).toContain('<div id="root">');
  });

  it('a missing asset is a plain 404, and /api paths keep the JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('starts without a built web app and says so', async () => {
    const bare = await createTestApp({ env: { WEB_DIST_DIR: join(dist, 'does-not-exist') } });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/app/setting/publisher' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('The web app is not built');
      expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('the web app with the prerendered landing page', () => {
  let dist: string;
  let t: TestApp;
  const landing = '<!doctype html><title>Portal</title><div id="root" data-prerendered="tr"><main>Ajansa katıl</main></div>';
  const shell = '<!doctype html><title>Portal</title><div id="root"></div>';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'agency-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), landing);
    writeFileSync(join(dist, 'app.html'), shell);
    writeFileSync(join(dist, 'app.html.gz'), gzipSync(shell));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers / with the landing page and every other client route with the empty shell (compressed too)', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/?ref=abc' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(landing);
    expect(home.headers['cache-control']).toBe('no-cache');
    for (const url of ['/kayit', '/app/mydesk/users?tab=2', '/app']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const gzip = await t.app.inject({ method: 'GET', url: '/app/mydesk/users', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(shell);
  });
});

describe('the landing page in the visitor\'s language', () => {
  let dist: string;
  let t: TestApp;
  const page = (language: string) => `<!doctype html><div id="root" data-prerendered="${language}"></div>`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'agency-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page('tr'));
    writeFileSync(join(dist, 'index.en.html'), page('en'));
    writeFileSync(join(dist, 'index.en.html.br'), brotliCompressSync(page('en')));
    writeFileSync(join(dist, 'index.ru.html'), page('ru'));
    writeFileSync(join(dist, 'app.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const home = (cookie?: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/', headers: { ...(cookie === undefined ? {} : { cookie }), ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('answers / in the language its cookie names, among other cookies, compressed too; Vary names Cookie', async () => {
    for (const [cookie, language] of [
      ['language=en', 'en'],
      ['theme=dark; language=ru; other=1', 'ru'],
      ['language=tr', 'tr'],
    ] as const) {
      const response = await home(cookie);
      expect(response.statusCode, cookie).toBe(200);
      expect(response.body, cookie).toBe(page(language));
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary, cookie).toBe('Accept-Encoding, Cookie');
    }
    const brotli = await home('language=en', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page('en'));
    expect(brotli.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('answers the default language without the cookie, for a language not prerendered, and for anything else', async () => {
    for (const cookie of [undefined, '', 'language=de', 'language=xx', 'language=../app', 'language=EN', 'mylanguage=en', 'language=en-GB']) {
      const response = await home(cookie);
      expect(response.statusCode, cookie).toBe(200);
      expect(response.body, cookie).toBe(page('tr'));
    }
  });

  it('never sends another language for the other paths: they get the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/kayit', headers: { cookie: 'language=en' } });
    expect(response.body).toBe('<!doctype html><div id="root"></div>');
    expect(response.headers.vary).toBe('Accept-Encoding');
  });
});

describe('the per-address request limit', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'agency-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist }, rateLimits: { globalPerMinute: 3 } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('limits the API but never the web app files a page load needs', async () => {
    for (let index = 0; index < 10; index += 1) {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      const page = await t.app.inject({ method: 'GET', url: '/kayit' });
      expect(page.statusCode).toBe(200);
    }
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

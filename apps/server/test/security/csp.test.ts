import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST_DIR, SERVER_ROOT } from '../../src/config/paths.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** Every <script> tag of a page: none may carry code inline; no inline event handlers either. */
function inlineScriptProblems(html: string): string[] {
  const problems: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const body = (match[2] ?? '').trim();
    if (!/\bsrc\s*=/.test(attributes)) problems.push(`inline <script${attributes}> ${body.slice(0, 80)}`);
    else if (body) problems.push(`<script src> with a body: ${body.slice(0, 80)}`);
  }
  for (const match of html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)) problems.push(`inline handler ${match[1]}`);
  if (/javascript:/i.test(html)) problems.push('javascript: URL');
  return problems;
}

const builtIndex = join(DEFAULT_WEB_DIST_DIR, 'index.html');
const isBuilt = existsSync(builtIndex);

describe('CSP with no inline scripts', () => {
  let t: TestApp;

  beforeAll(async () => {
    // With the built web app when there is one (after `npm run build`), else the placeholder page.
    t = await createTestApp(isBuilt ? { env: { WEB_DIST_DIR: DEFAULT_WEB_DIST_DIR } } : {});
  });
  afterAll(() => t.close());

  it('the policy on / allows scripts from this origin only: no unsafe-inline, no unsafe-eval, no data: scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['content-security-policy'] ?? '');
    const csp = parseCsp(header);
    const scriptSources = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSources).toEqual(["'self'"]);
    for (const directive of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src']) {
      const values = csp.get(directive) ?? [];
      expect(values, directive).not.toContain("'unsafe-inline'");
      expect(values, directive).not.toContain("'unsafe-eval'");
      expect(values, directive).not.toContain('data:');
      expect(values, directive).not.toContain('*');
    }
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
  });

  it('the same policy covers the API and the files it serves', async () => {
    const page = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    for (const url of ['/api/health', '/api/nothing-here', '/some/app/route']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['content-security-policy'], url).toBe(page);
    }
  });

  it('the page served on / has no inline script and no inline handler', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(inlineScriptProblems(response.body)).toEqual([]);
    if (isBuilt) expect(response.body).toMatch(/<script[^>]+src="\/assets\/[^"]+\.js"/);
  });

  it('the web app’s page template has no inline script either (the build keeps it that way)', () => {
    const template = readFileSync(join(SERVER_ROOT, '..', 'web', 'index.html'), 'utf8');
    expect(template).toMatch(/<script[^>]+src=/);
    expect(inlineScriptProblems(template)).toEqual([]);
  });

  it('the check itself finds inline code', () => {
    expect(inlineScriptProblems('<script>alert(1)</script>')).toHaveLength(1);
    expect(inlineScriptProblems('<script type="module">import "/a.js"</script>')).toHaveLength(1);
    expect(inlineScriptProblems('<img src="x" onerror="alert(1)">')).toHaveLength(1);
    expect(inlineScriptProblems('<script type="module" crossorigin src="/assets/index.js"></script>')).toEqual([]);
  });
});

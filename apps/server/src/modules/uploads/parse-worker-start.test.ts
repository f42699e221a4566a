import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * A large file's parse worker is started for that file alone (parse-in-worker.ts), so what its
 * bundle loads at start delays every large import: zod (~0.1 s, through a shared module of schemas)
 * and jschardet (~0.05 s, needed only for a CSV that is not UTF-8) must not be among its static
 * imports. The worker is bundled here as build.mjs bundles it.
 */
describe("the parse worker's start", () => {
  it('loads neither zod nor jschardet; jschardet is imported when a CSV needs it', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    const external = Object.keys(manifest.dependencies).filter((name) => name !== '@agency/shared');
    const result = await build({
      entryPoints: [new URL('./parse-worker.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      outdir: '/nonexistent',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: external.flatMap((name) => [name, `${name}/*`]),
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    const loadedAtStart = imports.filter((entry) => entry.kind === 'import-statement').map((entry) => entry.path);
    expect(loadedAtStart).toContain('iconv-lite');
    expect(loadedAtStart).not.toContain('zod');
    expect(loadedAtStart).not.toContain('jschardet');
    expect(imports.filter((entry) => entry.kind === 'dynamic-import').map((entry) => entry.path)).toContain('jschardet');
    // Nothing of the shared package's schemas ends up in the bundle (its limits come from upload-limits.ts).
    const bundled = Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path));
    expect(bundled.some((path) => path.includes('packages/shared/src/upload-limits.ts'))).toBe(true);
    expect(bundled.filter((path) => path.includes('packages/shared/src/schemas/'))).toEqual([]);
  });
});

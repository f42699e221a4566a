// Starts the built server for the browser tests on a brand-new embedded database.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? 'data/e2e');
if (!dataDir.includes('e2e')) throw new Error(`Refusing to wipe ${dataDir}: not an e2e folder`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import('../apps/server/dist/server.js');

/**
 * `npm run create-admin -- --email <e-mail> --phone <+mobile> --first-name <name> --last-name <name>`:
 * creates an active admin in the configured database (DATABASE_URL, else the PGlite in DATA_DIR),
 * migrating it first. The password comes from ADMIN_PASSWORD, else from the first line of standard
 * input (typed without echo on a terminal). Exits 1, changing nothing, when the e-mail or phone is
 * taken or an input is invalid.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.ts';
import { systemClock } from '../lib/clock.ts';
import { openDatabase } from './client.ts';
import { createAdmin, CreateAdminRefusedError } from './create-admin.ts';
import { migrateDatabaseExclusively } from './migrate.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    phone: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
if (!values.email || !values.phone || !values['first-name'] || !values['last-name']) {
  console.error('Usage: npm run create-admin -- --email <e-mail> --phone <+mobile> --first-name <name> --last-name <name>');
  console.error('The password is read from ADMIN_PASSWORD, else asked for.');
  process.exit(2);
}

async function readPassword(): Promise<string> {
  // A one-off input of this command, not server configuration: it stays out of config/env.ts.
  // eslint-disable-next-line no-restricted-properties
  const fromEnvironment = process.env.ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  const terminal = Boolean(process.stdin.isTTY);
  const reader = createInterface({ input: process.stdin, output: process.stdout, terminal });
  if (terminal) {
    process.stdout.write('Password (at least 12 characters): ');
    // Hide what is typed: readline echoes through this method.
    (reader as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
  }
  const line = await new Promise<string>((resolve) => {
    reader.once('line', resolve);
    reader.once('close', () => resolve(''));
  });
  reader.close();
  if (terminal) process.stdout.write('\n');
  return line;
}

const password = await readPassword();
const env = loadEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateDatabaseExclusively(handle);
  const admin = await createAdmin(
    handle.db,
    { email: values.email, phone: values.phone, firstName: values['first-name'], lastName: values['last-name'], password },
    systemClock,
  );
  console.warn(`Admin ${admin.email} created (${handle.kind}). Sign in with the e-mail and the password.`);
} catch (error) {
  if (!(error instanceof CreateAdminRefusedError)) throw error;
  console.error(`Not created: ${error.message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}

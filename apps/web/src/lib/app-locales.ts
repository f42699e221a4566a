/**
 * Loaders of the signed-in areas' translation namespaces (every namespace the public pages do not
 * use): a chunk of its own, downloaded with the first of them (see lib/i18n.ts).
 */
export const appLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/{common,errors,messages,nav,landing,auth,apply}.json',
]);

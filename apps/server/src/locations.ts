import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this file: it sits one level below it in src/, and so does every bundle
 * in dist/ (scripts/build.mjs writes them flat), so the same code finds the same folders whether
 * it runs from source (tsx) or compiled.
 */
const serverRoot = new URL('..', import.meta.url);

/** The committed drizzle-kit migrations. */
export const migrationsFolder = fileURLToPath(new URL('drizzle', serverRoot));

/** The built web app served on the same port. */
export const defaultWebDist = fileURLToPath(new URL('../web/dist', serverRoot));

/** apps/server/package.json: the version a backup records. */
export const serverPackageFile = fileURLToPath(new URL('package.json', serverRoot));

// The earnings upload's limits and column fields, without zod: the server's parse worker thread
// reads them, and a module that loads zod costs that thread ~0.1 s at each start (the index exports
// them beside the upload's schemas in schemas/uploads.ts).

/** Largest accepted upload (the backstage export of a big agency is a few MB). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Zip guards for `.xlsx`, checked from the central directory before anything is inflated. */
export const UPLOAD_MAX_ZIP_ENTRIES = 200;
export const UPLOAD_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** Rows of one file. */
export const UPLOAD_MAX_ROWS = 200_000;

/**
 * The columns of an export the import reads (docs/product.md §6). `username` and `diamonds` are
 * needed; the admin maps them by hand (`mapping`) when the headers are not recognised.
 */
export const UPLOAD_COLUMN_FIELDS = ['username', 'diamonds', 'liveDuration', 'validDays', 'matches', 'lastLive', 'creatorId', 'joinTime'] as const;
export type UploadColumnField = (typeof UPLOAD_COLUMN_FIELDS)[number];
export const UPLOAD_REQUIRED_FIELDS = ['username', 'diamonds'] as const satisfies readonly UploadColumnField[];

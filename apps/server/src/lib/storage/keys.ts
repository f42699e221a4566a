import { randomUUID } from 'node:crypto';

/**
 * Keys are made by the server (`<folder>/<uuid>.<ext>`), never from a client's file name. Every
 * store checks them, which also makes a path outside its folder or prefix impossible.
 */
const STORAGE_FOLDERS = ['avatars', 'logos', 'stamps', 'signatures', 'invoices', 'uploads'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

const STORAGE_EXTENSIONS = ['png', 'jpg', 'pdf', 'xlsx', 'csv'] as const;
export type StorageExtension = (typeof STORAGE_EXTENSIONS)[number];

const KEY_PATTERN = new RegExp(`^(${STORAGE_FOLDERS.join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${STORAGE_EXTENSIONS.join('|')})$`);

const CONTENT_TYPES: Record<StorageExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export function createStorageKey(folder: StorageFolder, extension: StorageExtension): string {
  return `${folder}/${randomUUID()}.${extension}`;
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  // Keys come from our own database; anything else is a programming error, never a user's input.
  if (!isStorageKey(key)) throw new Error(`invalid storage key "${key.slice(0, 80)}"`);
}

/** The content type of a stored file, from its key's extension. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1) as StorageExtension;
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

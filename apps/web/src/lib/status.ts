/**
 * Statuses travel in English (`"Waiting Approval"`, `"Not Verified"`, `pending`) and are shown
 * through `common:status.<key>`; this turns an API value into that key.
 */
export function statusKey(value: string): string {
  const words = value.trim().split(/[\s_-]+/).filter(Boolean);
  return words.map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())).join('');
}

/** `common:status.<key>` for an API status value, e.g. `statusLabelKey('Waiting Approval')`. */
export function statusLabelKey(value: string): `common:status.${string}` {
  return `common:status.${statusKey(value)}`;
}

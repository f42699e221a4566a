const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAX_LENGTH = 48;

/**
 * A user agent as "Chrome 120 · Windows"; one that names no known browser is cut to 48 characters.
 * Null when there is nothing to show.
 */
export function shortUserAgent(userAgent: string | null | undefined): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const browser = BROWSERS.map(([pattern, name]) => {
    const match = pattern.exec(text);
    return match ? `${name} ${match[1]}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser) return system ? `${browser} · ${system}` : browser;
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

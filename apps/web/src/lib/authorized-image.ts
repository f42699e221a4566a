import { useEffect, useState } from 'react';
import { readSession } from './session.ts';

/**
 * An image behind sign-in (avatar, stamp, signature) needs the token header, so it is fetched and
 * shown through an object URL (a plain <img src> would go without the token).
 */
export function useAuthorizedImage(url: string | null | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let cancelled = false;
    let created: string | null = null;
    const session = readSession();
    fetch(url, { headers: session ? { accesstoken: session.token } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (cancelled || !blob) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return url ? objectUrl : null;
}

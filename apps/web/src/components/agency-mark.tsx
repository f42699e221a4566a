import { useState } from 'react';
import { useAgencyLogo } from '../lib/public-settings.ts';

/** The logo's box in the headers: fixed, so that the header does not move when the image loads. */
const AGENCY_MARK_SIZE = 28;

/**
 * The agency's logo (from the public settings) beside its name in a header, or the coloured square
 * when there is no logo or it fails to load. `className` sizes the square; the logo keeps its
 * proportions inside the same box.
 */
export function AgencyMark({ name, className, logoClassName }: { name: string; className?: string; logoClassName?: string }) {
  const logoUrl = useAgencyLogo();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!logoUrl || failedUrl === logoUrl) return <span className={className} aria-hidden />;
  return (
    <img
      src={logoUrl}
      alt={name}
      width={AGENCY_MARK_SIZE}
      height={AGENCY_MARK_SIZE}
      className={logoClassName}
      decoding="async"
      onError={() => setFailedUrl(logoUrl)}
    />
  );
}

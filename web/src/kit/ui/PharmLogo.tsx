import { useState } from 'react';
import { hePharms } from '../i18n/he-pharms';

const PLACEHOLDER = '/pharm-placeholder.svg';

/** A pharmacy's logo at 128 px through `/thumbs`; falls back to a default logo when it fails (spec 8). */
export function PharmLogo({ url, name, size = 64, priority = false }: { url: string | null; name: string; size?: number; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  const src =
    url && !failed
      ? `/thumbs?${new URLSearchParams({ url, width: '128', height: '128', fit: 'crop' }).toString()}`
      : PLACEHOLDER;
  return (
    <img
      className="pharm-logo"
      src={src}
      alt={hePharms.logoAlt(name)}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

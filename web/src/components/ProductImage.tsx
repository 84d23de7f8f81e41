import { useState } from 'react';

const PLACEHOLDER = '/product-placeholder.svg';
const SIZE = 480;

function thumbUrl(url: string): string {
  const query = new URLSearchParams({ url, width: String(SIZE), height: String(SIZE), fit: 'crop' });
  return `/thumbs?${query.toString()}`;
}

/** Product picture through the thumbnail service; falls back to a default picture when it fails. */
export function ProductImage({ url, alt }: { url: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const src = url && !failed ? thumbUrl(url) : PLACEHOLDER;
  return (
    <img
      className="product-image"
      src={src}
      alt={alt}
      width={SIZE}
      height={SIZE}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

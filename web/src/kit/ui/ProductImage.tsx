import { useState } from 'react';

const PLACEHOLDER = '/product-placeholder.svg';
const SIZE = 480;

function thumbUrl(url: string): string {
  const query = new URLSearchParams({ url, width: String(SIZE), height: String(SIZE), fit: 'crop' });
  return `/thumbs?${query.toString()}`;
}

/**
 * Product picture through the thumbnail service; falls back to a default picture when it fails. Lazy by
 * default (lists); `priority` for the picture a page opens with (the product page's own, its largest
 * paint), which the browser then fetches at once and first.
 */
export function ProductImage({ url, alt, priority = false }: { url: string | null; alt: string; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = url && !failed ? thumbUrl(url) : PLACEHOLDER;
  return (
    <img
      className="product-image"
      src={src}
      alt={alt}
      width={SIZE}
      height={SIZE}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

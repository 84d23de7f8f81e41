import { useLocation, useMatches, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { canonicalUrl, siteOrigin } from './canonical';

/** Puts an element in `<head>` while the caller is mounted and its content unchanged; `null` puts none. */
export function useHeadElement(tag: 'link' | 'script', attributes: Record<string, string> | null, text?: string): void {
  const key = attributes ? JSON.stringify([tag, attributes, text]) : null;
  useEffect(() => {
    if (!key) return;
    const [name, attrs, content] = JSON.parse(key) as [string, Record<string, string>, string | undefined];
    const element = document.createElement(name);
    for (const [attribute, value] of Object.entries(attrs)) element.setAttribute(attribute, value);
    if (content !== undefined) element.textContent = content;
    document.head.append(element);
    return () => element.remove();
  }, [key]);
}

/**
 * `<link rel="canonical">` for the current page (none on the not-found page), updated on navigation. Its query is
 * read from the page's validated search (the address's own may hold garbage), and only on a route that reads one.
 */
export function useCanonicalLink(): void {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const search = useMatches({
    select: (matches) => {
      const leaf = matches.at(-1);
      return leaf && router.routesById[leaf.routeId as keyof typeof router.routesById]?.options.validateSearch ? leaf.search : undefined;
    },
  });
  const href = canonicalUrl(siteOrigin(), pathname, (search ?? {}) as Record<string, unknown>);
  const notFound = useMatches({ select: (matches) => matches.some((match) => match.status === 'notFound' || match._notFound) });
  useHeadElement('link', notFound ? null : { rel: 'canonical', href });
}

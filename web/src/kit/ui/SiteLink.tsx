import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

type SiteLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; newWindow?: boolean };

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * A link to any address, including paths the router learns later and links the layout API supplies:
 * a plain left click on an internal path navigates inside the app; other addresses, modified clicks
 * and `newWindow` links behave as ordinary links (a new window gets `noopener`).
 */
export function SiteLink({ href, newWindow = false, onClick, children, ...rest }: SiteLinkProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plain || newWindow || !isInternal(href)) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a
      href={href}
      onClick={handleClick}
      {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    >
      {children}
    </a>
  );
}

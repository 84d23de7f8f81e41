import { useLocation } from '@tanstack/react-router';
import Cookies from 'js-cookie';
import { lazy, Suspense, useState } from 'react';
import { GROUP_AD_COOKIE, isGroupAdPage } from './group-ad';

// The sheet, its texts and its query load once the advert may show: nothing of it in a page's first load.
const GroupAdModal = lazy(() => import('./GroupAdModal'));

/**
 * The messaging-group advert (spec 9): on product, pharmacy and discount pages (`isGroupAdPage`), once half the page
 * is scrolled (`halfScrolled`), unless it was shown within 2 days (its cookie, read as the app starts). Its sheet is
 * loaded the first time that holds, and kept from then on.
 */
export function GroupAd({ halfScrolled }: { halfScrolled: boolean }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [due] = useState(() => !Cookies.get(GROUP_AD_COOKIE));
  const eligible = due && isGroupAdPage(pathname);
  const [loaded, setLoaded] = useState(false);
  if (eligible && halfScrolled && !loaded) setLoaded(true);
  return loaded ? (
    <Suspense fallback={null}>
      <GroupAdModal eligible={eligible} halfScrolled={halfScrolled} />
    </Suspense>
  ) : null;
}

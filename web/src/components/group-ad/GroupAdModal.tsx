import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import Cookies from 'js-cookie';
import { useEffect, useId, useRef, useState } from 'react';
import { heContent, heGroupAd, hePharms } from '../../i18n/he';
import { socialGroupsQuery } from '../../queries/content';
import { GROUP_AD_CLOSE_MS, GROUP_AD_COOKIE, GROUP_AD_EVERY_DAYS, HALF_SCROLL_DELAY_MS, isGroupAdPage, pickGroupAd } from './group-ad';
import './group-ad.css';

/** True 1 s after the visitor has scrolled through half of the page (spec 4's 'half' flag). */
function useHalfScrolled(active: boolean): boolean {
  const [half, setHalf] = useState(false);
  useEffect(() => {
    if (!active || half) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const reached = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight / 2;
      if (reached && !timer) timer = setTimeout(() => setHalf(true), HALF_SCROLL_DELAY_MS);
    };
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      window.removeEventListener('scroll', check);
      clearTimeout(timer);
    };
  }, [active, half]);
  return half;
}

/**
 * The messaging-group advert (spec 9): on product, pharmacy and discount pages, after half the page is
 * scrolled, at most once every 2 days (a cookie at path /); closes by itself after 30 s.
 */
export function GroupAdModal() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [due] = useState(() => !Cookies.get(GROUP_AD_COOKIE));
  const eligible = due && isGroupAdPage(pathname);
  const half = useHalfScrolled(eligible);
  const { data } = useQuery({ ...socialGroupsQuery(), enabled: eligible && half });
  const ad = data ? pickGroupAd(data.groups, new Date()) : null;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!eligible || !ad || shown) return;
    Cookies.set(GROUP_AD_COOKIE, new Date().toISOString(), { expires: GROUP_AD_EVERY_DAYS, path: '/', sameSite: 'lax' });
    setShown(true);
    dialog.current?.showModal();
  }, [eligible, ad, shown]);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => dialog.current?.close(), GROUP_AD_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <dialog ref={dialog} className="pharm-dialog group-ad" aria-labelledby={titleId}>
      <h2 id={titleId} className="pharm-dialog-title">
        {heGroupAd.title}
      </h2>
      <p>{heGroupAd.lead}</p>
      {ad && (
        <ul className="group-ad-list">
          {ad.groups.map((group) => (
            <li key={group.id}>
              <a className="button button-primary" href={group.url} target="_blank" rel="noopener noreferrer">
                {heGroupAd.join(group.region, group.city ?? heContent.allCities)}
                {group.discountPercent != null && ` · ${heContent.discountPercent(group.discountPercent)}`}
                <span className="visually-hidden"> {hePharms.newWindow}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <form method="dialog">
        <button type="submit" className="button button-secondary">
          {heGroupAd.close}
        </button>
      </form>
    </dialog>
  );
}

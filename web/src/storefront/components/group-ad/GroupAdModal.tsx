import { useQuery } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { useEffect, useId, useRef, useState } from 'react';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { heContent, heGroupAd } from '../../../kit/i18n/he-content';
import { socialGroupsQuery } from '../../queries/content';
import { GROUP_AD_CLOSE_MS, GROUP_AD_COOKIE, GROUP_AD_EVERY_DAYS, pickGroupAd } from './group-ad';
import './group-ad.css';

/** The CSS property holding the open sheet's height (group-ad.css keeps that room below the page). */
const SHEET_HEIGHT = '--group-ad-height';

/**
 * The messaging-group advert's sheet (spec 9), loaded by `GroupAd` (which says whether the page is `eligible`): shown
 * after half the page is scrolled (spec 4's 'half' flag, `halfScrolled`), at most once every 2 days (a cookie at path /);
 * closes by itself after 30 s. A non-modal sheet at the bottom: it takes no focus and traps no clicks, its close button
 * stays in sight, and while it is open the page keeps room below its end, so whatever the sheet would cover can be
 * scrolled above it.
 */
export default function GroupAdModal({ eligible, halfScrolled }: { eligible: boolean; halfScrolled: boolean }) {
  const { data } = useQuery({ ...socialGroupsQuery(), enabled: eligible && halfScrolled });
  const ad = data ? pickGroupAd(data.groups, new Date()) : null;
  const sheet = useRef<HTMLElement>(null);
  const titleId = useId();
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!eligible || !ad || shown) return;
    Cookies.set(GROUP_AD_COOKIE, new Date().toISOString(), { expires: GROUP_AD_EVERY_DAYS, path: '/', sameSite: 'lax' });
    setShown(true);
    setOpen(true);
  }, [eligible, ad, shown]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), GROUP_AD_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // The room the page keeps below its end while the sheet is open (its own height, as drawn).
  useEffect(() => {
    const element = sheet.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(SHEET_HEIGHT, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SHEET_HEIGHT);
    };
  }, [open]);

  return (
    <section
      ref={sheet}
      role="dialog"
      aria-modal="false"
      className="group-ad"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <div className="group-ad-head">
        <h2 id={titleId} className="group-ad-title">
          {heGroupAd.title}
        </h2>
        <button type="button" className="button button-secondary group-ad-close" onClick={() => setOpen(false)}>
          {heGroupAd.close}
        </button>
      </div>
      <p className="group-ad-lead">{heGroupAd.lead}</p>
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
    </section>
  );
}

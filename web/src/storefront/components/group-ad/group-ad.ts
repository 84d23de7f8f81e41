import type { SocialGroup } from '@mc/contracts';

export const GROUP_AD_COOKIE = 'groupAdShownAt';
export const GROUP_AD_EVERY_DAYS = 2;
export const GROUP_AD_CLOSE_MS = 30_000;

/** The pages the advert may appear on: products, pharmacies and discounts. */
export const isGroupAdPage = (pathname: string) => /^\/(products|pharms|discounts)(\/|$)/.test(pathname) && !pathname.endsWith('/embed');

export interface GroupAd {
  variant: 'single' | 'regions';
  groups: SocialGroup[];
}

/**
 * Spec 9: on even weekdays one group (the best discount), otherwise the groups that cover a whole region.
 * Nothing when there is nothing to show.
 */
export function pickGroupAd(groups: readonly SocialGroup[], now: Date): GroupAd | null {
  if (!groups.length) return null;
  if (now.getDay() % 2 === 0) {
    const best = [...groups].sort((a, b) => (b.discountPercent ?? 0) - (a.discountPercent ?? 0))[0];
    return { variant: 'single', groups: [best] };
  }
  const regionWide = groups.filter((group) => group.city === null);
  return { variant: 'regions', groups: regionWide.length ? regionWide : [...groups] };
}

import type { SocialGroup } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { isGroupAdPage, pickGroupAd } from './group-ad';

const group = (id: number, city: string | null, discountPercent: number | null): SocialGroup =>
  ({ id, region: 'מרכז', city, category: null, dosage: null, discountPercent, priceCap: null, url: `https://chat.whatsapp.com/${id}` });
const groups = [group(1, 'תל אביב', 10), group(2, null, 15), group(3, 'חיפה', 25), group(4, null, null)];

describe('the group advert', () => {
  it('shows one group, the best discount, on even weekdays', () => {
    const sunday = new Date(2026, 10, 22);
    const tuesday = new Date(2026, 10, 24);
    expect(pickGroupAd(groups, sunday)).toEqual({ variant: 'single', groups: [groups[2]] });
    expect(pickGroupAd(groups, tuesday)?.variant).toBe('single');
  });

  it('shows the groups that cover a whole region on odd weekdays', () => {
    const monday = new Date(2026, 10, 23);
    expect(pickGroupAd(groups, monday)).toEqual({ variant: 'regions', groups: [groups[1], groups[3]] });
    expect(pickGroupAd([], monday)).toBeNull();
  });

  it('appears on product, pharmacy and discount pages only', () => {
    for (const path of ['/products', '/products/dr-green', '/pharms', '/pharms/layla-haifa', '/discounts']) expect(isGroupAdPage(path)).toBe(true);
    for (const path of ['/', '/cart', '/faq', '/pharms/layla-haifa/embed', '/productsx']) expect(isGroupAdPage(path)).toBe(false);
  });
});

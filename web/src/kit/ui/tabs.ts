import { he } from '../i18n/he';

export type TabIcon = 'home' | 'products' | 'discounts' | 'pharms' | 'updates';

export interface Tab {
  href: string;
  label: string;
  icon: TabIcon;
}

/** The main tabs of spec 2.5, shared by the header and the mobile bottom menu. */
export const MAIN_TABS: readonly Tab[] = [
  { href: '/', label: he.shell.tabs.home, icon: 'home' },
  { href: '/products', label: he.shell.tabs.products, icon: 'products' },
  { href: '/discounts', label: he.shell.tabs.discounts, icon: 'discounts' },
  { href: '/pharms', label: he.shell.tabs.pharms, icon: 'pharms' },
  { href: '/social-auto-updates', label: he.shell.tabs.updates, icon: 'updates' },
];

/** Whether `pathname` is inside the tab: home only on `/`, the others on their path and below it. */
export function isTabActive(tab: Tab, pathname: string): boolean {
  if (tab.href === '/') return pathname === '/';
  return pathname === tab.href || pathname.startsWith(`${tab.href}/`);
}

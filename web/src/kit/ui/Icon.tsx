import type { TabIcon } from './tabs';

export type IconName = TabIcon | 'cart' | 'search';

/** Outline icons, 24 px grid, drawn in `currentColor`. None of them points a direction. */
const PATHS: Record<IconName, string> = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  products: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  discounts: 'M3 12l9-9h8v8l-9 9zM16 8h.01M9 15l6-6',
  pharms: 'M4 20V8l8-4 8 4v12zM12 10v6M9 13h6',
  updates: 'M4 19l1.5-4A7.5 7.5 0 1 1 9 18.5zM9 11h6M9 14h4',
  cart: 'M3 4h2l2.4 10.5h10.6L20 7H6.2M9 20h.01M17 20h.01',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8',
};

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

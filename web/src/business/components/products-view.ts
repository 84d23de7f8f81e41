import { productExpiryBadge, type BusinessPharmProduct } from '@mc/contracts';
import { heProducts } from '../i18n/he-products';
import { formatDate } from '../../kit/backoffice/ui';

/** One heading of the products list and its rows (spec §2: grouped under a heading by T/C dosage). */
export interface DosageGroup {
  /** 'T20/C4', or null for products without a dosage. */
  dosage: string | null;
  heading: string;
  rows: BusinessPharmProduct[];
}

/** Consecutive rows of the same dosage under one heading; the server orders the rows so each group is contiguous. */
export function groupByDosage(rows: BusinessPharmProduct[]): DosageGroup[] {
  const groups: DosageGroup[] = [];
  for (const row of rows) {
    const dosage = row.product.info.thccbdDosage || null;
    const last = groups[groups.length - 1];
    if (last && last.dosage === dosage) last.rows.push(row);
    else groups.push({ dosage, heading: dosage ? heProducts.dosageGroup(dosage) : heProducts.noDosage, rows: [row] });
  }
  return groups;
}

export type BadgeTone = 'success' | 'warning' | 'danger';

/** Spec §4's expiry badge in Hebrew: 'short expiry' within 30 days, 'expired' once past, otherwise 'valid until dd/MM/yyyy'. */
export function expiryBadge(expiresAt: string | null, now: Date): { label: string; tone: BadgeTone } | null {
  if (!expiresAt) return null;
  const badge = productExpiryBadge(expiresAt, now);
  if (badge.kind === 'expired') return { label: heProducts.expiry.expired, tone: 'danger' };
  if (badge.kind === 'short') return { label: heProducts.expiry.short, tone: 'warning' };
  return { label: heProducts.expiry.valid(formatDate(badge.until)), tone: 'success' };
}

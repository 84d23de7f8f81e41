import { Inject, Injectable } from '@nestjs/common';
import { agorotToShekels, type FaqItem, type FooterLink, type SocialGroup } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { asc, notInArray, sql } from 'drizzle-orm';
import { faqItems, footerLinks, socialGroups } from '../db/schema';

/** A messaging group as the seed gives it: the price cap in agorot. */
type SocialGroupInput = Omit<SocialGroup, 'priceCap'> & { priceCap: number | null };

export interface ContentInput {
  faq: FaqItem[];
  footerLinks: FooterLink[];
  socialGroups: SocialGroupInput[];
}

type FooterRow = typeof footerLinks.$inferSelect;

/** The tree as rows: ids in pre-order, so re-saving the same tree writes the same rows. */
function flattenFooter(links: FooterLink[], parentId: number | null = null, rows: FooterRow[] = []): FooterRow[] {
  links.forEach((link, position) => {
    const id = rows.length + 1;
    rows.push({ id, parentId, position, label: link.label, url: link.url, newWindow: link.newWindow });
    flattenFooter(link.children ?? [], id, rows);
  });
  return rows;
}

function buildFooter(rows: FooterRow[]): FooterLink[] {
  const children = new Map<number | null, FooterRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null): FooterLink[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((row) => ({ label: row.label, url: row.url, newWindow: row.newWindow, children: build(row.id) }));
  return build(null);
}

/** Site content: FAQ, footer links and messaging groups. */
@Injectable()
export class ContentService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async faq(): Promise<FaqItem[]> {
    const rows = await this.db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id));
    return rows.map((r) => ({ id: r.id, category: r.category, question: r.question, answer: r.answer, medicalDisclaimer: r.medicalDisclaimer }));
  }

  async footerLinks(): Promise<FooterLink[]> {
    return buildFooter(await this.db.select().from(footerLinks));
  }

  async socialGroups(): Promise<SocialGroup[]> {
    const rows = await this.db.select().from(socialGroups).orderBy(asc(socialGroups.position), asc(socialGroups.id));
    return rows.map((r) => ({
      id: r.id, region: r.region, city: r.city, category: r.category, dosage: r.dosage, discountPercent: r.discountPercent,
      priceCap: r.priceCap === null ? null : agorotToShekels(r.priceCap), url: r.url,
    }));
  }

  /** Makes the content exactly `input` (idempotent: rows are keyed by their ids). */
  async replace(input: ContentInput): Promise<void> {
    await this.db.transaction(async (tx) => {
      const faqRows = input.faq.map((f, position) => ({ id: f.id, position, category: f.category, question: f.question, answer: f.answer, medicalDisclaimer: f.medicalDisclaimer }));
      await tx.delete(faqItems).where(faqRows.length ? notInArray(faqItems.id, faqRows.map((r) => r.id)) : sql`TRUE`);
      if (faqRows.length) {
        await tx.insert(faqItems).values(faqRows).onConflictDoUpdate({
          target: faqItems.id,
          set: { position: sql`excluded.position`, category: sql`excluded.category`, question: sql`excluded.question`, answer: sql`excluded.answer`, medicalDisclaimer: sql`excluded.medical_disclaimer` },
        });
      }

      const footerRows = flattenFooter(input.footerLinks);
      await tx.delete(footerLinks).where(footerRows.length ? notInArray(footerLinks.id, footerRows.map((r) => r.id)) : sql`TRUE`);
      if (footerRows.length) {
        await tx.insert(footerLinks).values(footerRows).onConflictDoUpdate({
          target: footerLinks.id,
          set: { parentId: sql`excluded.parent_id`, position: sql`excluded.position`, label: sql`excluded.label`, url: sql`excluded.url`, newWindow: sql`excluded.new_window` },
        });
      }

      const groupRows = input.socialGroups.map((g, position) => ({
        id: g.id, position, region: g.region, city: g.city, category: g.category, dosage: g.dosage, discountPercent: g.discountPercent, priceCap: g.priceCap, url: g.url,
      }));
      await tx.delete(socialGroups).where(groupRows.length ? notInArray(socialGroups.id, groupRows.map((r) => r.id)) : sql`TRUE`);
      if (groupRows.length) {
        await tx.insert(socialGroups).values(groupRows).onConflictDoUpdate({
          target: socialGroups.id,
          set: {
            position: sql`excluded.position`, region: sql`excluded.region`, city: sql`excluded.city`, category: sql`excluded.category`, dosage: sql`excluded.dosage`,
            discountPercent: sql`excluded.discount_percent`, priceCap: sql`excluded.price_cap`, url: sql`excluded.url`,
          },
        });
      }
    });
  }
}

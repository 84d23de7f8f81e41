import { Inject, Injectable } from '@nestjs/common';
import {
  Events, Messages, PHARM_SHIPPING, PHARM_STATES, SLUG_PATTERN, searchDocument, type PharmState, type Tag,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, OutboxRelay, OutboxWriter, type Database, type Tx } from '@mc/kit';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { announcements, pharmacies, pharmacyTags, pharmProducts, pharmTags, slides, type SlideQuery } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';
import { pharmChanged } from '../common/pharm-changed';
import type { PharmRecord } from '../common/pharm-view';

export interface SlideInput {
  placement: number;
  type: 'pharmProductsQuery' | 'image';
  template: string | null;
  templateData: { title?: string; backgroundColor?: string } | null;
  query: SlideQuery | null;
  pharmProductIds: number[] | null;
  imageUrl: string | null;
}

export interface AnnouncementInput {
  /** The back office's name for it; absent: none. */
  name?: string;
  content: string;
  startsAt: Date;
  endsAt: Date | null;
}

/** A pharmacy as a writer receives it, with everything shown on its page. */
export interface PharmInput extends Omit<PharmRecord, 'id' | 'updatedAt'> {
  slides: SlideInput[];
  announcements: AnnouncementInput[];
  /** The licensed-data partner's code of the pharmacy (unique); null: its stock is not synced from the partner's feed. */
  partnerCode: string | null;
  /** The pharmacy's state; absent: a new pharmacy is live (the seed's), an existing one keeps its own (the operator's). */
  state?: PharmState;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A partner's pharmacy code (the demo's look like `PH-1234`). */
const PARTNER_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** JSON with sorted keys: the same value always gives the same text, whatever order jsonb returned its keys in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function assertValidPharm(input: PharmInput): void {
  const fail = (what: string) => { throw new Error(`pharmacy ${input.slug}: ${what}`); };
  if (!SLUG_PATTERN.test(input.slug)) fail('bad slug');
  if (!input.name.trim() || !input.city.trim() || !input.district.trim()) fail('name, city and district are required');
  if (input.orderEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.orderEmail)) fail('bad order e-mail');
  if (input.partnerCode !== null && !PARTNER_CODE_PATTERN.test(input.partnerCode)) fail('bad partner code');
  if (!(Math.abs(input.lat) <= 90 && Math.abs(input.lng) <= 180)) fail('bad coordinates');
  if (!PHARM_SHIPPING.includes(input.shipping)) fail(`bad shipping '${input.shipping}'`);
  if (input.state !== undefined && !PHARM_STATES.includes(input.state)) fail(`bad state '${input.state}'`);
  for (const [day, slots] of Object.entries(input.openingHours)) {
    if (!/^[0-6]$/.test(day) || !Array.isArray(slots)) fail(`bad weekday '${day}'`);
    for (const slot of slots) if (!HHMM.test(slot.opensAt) || !HHMM.test(slot.closesAt)) fail(`bad slot on day ${day}`);
  }
  const placements = input.slides.map((s) => s.placement);
  if (placements.some((p) => !Number.isInteger(p) || p < 1 || p > 4) || new Set(placements).size !== placements.length) fail('slide placements must be distinct, 1 to 4');
  for (const tag of input.tags) if (!SLUG_PATTERN.test(tag.slug)) fail(`bad tag slug '${tag.slug}'`);
}

const profileOf = (input: PharmInput) => ({
  slug: input.slug,
  name: input.name,
  address: input.address,
  city: input.city,
  district: input.district,
  lat: input.lat,
  lng: input.lng,
  phone: input.phone,
  whatsapp: input.whatsapp,
  wazeAddress: input.wazeAddress,
  logoUrl: input.logoUrl,
  isOnboard: input.isOnboard,
  isStockOnly: input.isStockOnly,
  shipping: input.shipping,
  shipmentNotes: input.shipmentNotes,
  openingHours: input.openingHours,
  seoTitle: input.seoTitle,
  seoDescription: input.seoDescription,
  popularity: input.popularity,
  orderEmail: input.orderEmail,
  partnerCode: input.partnerCode,
  searchText: searchDocument(input.name, input.city, input.address),
  ...(input.state ? { state: input.state } : {}),
});

const slideRows = (rows: SlideInput[]) => canonical([...rows].sort((a, b) => a.placement - b.placement).map((s) => ({
  placement: s.placement, type: s.type, template: s.template, templateData: s.templateData, query: s.query,
  pharmProductIds: s.pharmProductIds, imageUrl: s.imageUrl,
})));

// A seeded announcement is a published banner (what an owner changes in the back office, the seed puts back).
const announcementRows = (rows: (AnnouncementInput & { type?: string; published?: boolean })[]) => canonical(rows.map((a) => ({
  name: a.name ?? '', type: a.type ?? 'BANNER', published: a.published ?? true, content: a.content, startsAt: a.startsAt, endsAt: a.endsAt,
})));

/**
 * Pharmacy writes: the profile, tags, slides and announcements of one pharmacy in one transaction, with
 * `evt.pharm.pharm.changed` (catalog's search copy) when the profile changed. Unchanged input writes
 * nothing, so a seed can run again.
 */
@Injectable()
export class PharmsWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OfferChanges) private readonly offerChanges: OfferChanges,
  ) {}

  /** The pharmacy tags' names (a tag no pharmacy carries yet is kept too). */
  async upsertTags(tags: Tag[]): Promise<void> {
    if (!tags.length) return;
    await this.db.transaction((tx) => this.saveTags(tx, tags).then(() => undefined));
  }

  async upsert(input: PharmInput): Promise<{ created: boolean; changed: boolean }> {
    assertValidPharm(input);
    const result = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const profile = profileOf(input);
      const [current] = await tx.select().from(pharmacies).where(eq(pharmacies.slug, input.slug)).for('update');
      let id: number;
      let profileChanged = false;
      let state: PharmState;
      if (!current) {
        state = input.state ?? 'live';
        [{ id }] = await tx.insert(pharmacies).values({ ...profile, state, createdAt: now, updatedAt: now }).returning({ id: pharmacies.id });
        profileChanged = true;
      } else {
        id = current.id;
        state = input.state ?? current.state;
        const stored = Object.fromEntries(Object.keys(profile).map((key) => [key, current[key as keyof typeof current]]));
        profileChanged = canonical(stored) !== canonical(profile);
        if (profileChanged) await tx.update(pharmacies).set(profile).where(eq(pharmacies.id, id));
      }
      const tagsChanged = await this.replaceTags(tx, id, input.tags);
      const slidesChanged = await this.replaceSlides(tx, id, input.slides);
      const announcementsChanged = await this.replaceAnnouncements(tx, id, input.announcements);
      const changed = profileChanged || tagsChanged || slidesChanged || announcementsChanged;
      if (changed) await tx.update(pharmacies).set({ updatedAt: now }).where(eq(pharmacies.id, id));
      if (profileChanged) await this.outbox.add(tx, Events.pharm.pharmChanged, pharmChanged({ ...input, state }));
      return { created: !current, changed };
    });
    if (result.changed) this.relay.poke();
    return result;
  }

  /** Removes a pharmacy and everything of it, telling catalog that its offers and the pharmacy are gone. */
  async remove(slug: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(pharmacies).where(eq(pharmacies.slug, slug)).for('update');
      if (!current) throw notFound(Messages.pharmNotFound);
      // Its offers go by cascade: their events tell catalog they are gone.
      const offers = await tx.select().from(pharmProducts).where(eq(pharmProducts.pharmId, current.id));
      await this.offerChanges.tell(tx, offers.map((row) => ({ row, pharmSlug: current.slug, removed: true })), this.clock.now());
      await tx.delete(pharmacies).where(eq(pharmacies.id, current.id));
      await this.outbox.add(tx, Events.pharm.pharmChanged, pharmChanged(current, true));
    });
    this.relay.poke();
  }

  async slugs(): Promise<string[]> {
    const rows = await this.db.select({ slug: pharmacies.slug }).from(pharmacies).orderBy(asc(pharmacies.id));
    return rows.map((r) => r.slug);
  }

  private async saveTags(tx: Tx, tags: Tag[]): Promise<number[]> {
    if (!tags.length) return [];
    await tx
      .insert(pharmTags)
      .values(tags.map((t) => ({ slug: t.slug, name: t.name })))
      .onConflictDoUpdate({ target: pharmTags.slug, set: { name: sql`excluded.name` }, setWhere: sql`${pharmTags.name} IS DISTINCT FROM excluded.name` });
    const rows = await tx.select({ id: pharmTags.id }).from(pharmTags).where(inArray(pharmTags.slug, tags.map((t) => t.slug)));
    return rows.map((r) => r.id);
  }

  private async replaceTags(tx: Tx, pharmId: number, tags: Tag[]): Promise<boolean> {
    const unique = [...new Map(tags.map((t) => [t.slug, t])).values()];
    const wanted = (await this.saveTags(tx, unique)).sort((a, b) => a - b);
    const current = (await tx.select({ id: pharmacyTags.tagId }).from(pharmacyTags).where(eq(pharmacyTags.pharmId, pharmId))).map((r) => r.id).sort((a, b) => a - b);
    if (canonical(wanted) === canonical(current)) return false;
    await tx.delete(pharmacyTags).where(eq(pharmacyTags.pharmId, pharmId));
    if (wanted.length) await tx.insert(pharmacyTags).values(wanted.map((tagId) => ({ pharmId, tagId })));
    return true;
  }

  private async replaceSlides(tx: Tx, pharmId: number, wanted: SlideInput[]): Promise<boolean> {
    const current = await tx.select().from(slides).where(eq(slides.pharmId, pharmId));
    if (slideRows(current) === slideRows(wanted)) return false;
    await tx.delete(slides).where(eq(slides.pharmId, pharmId));
    if (wanted.length) await tx.insert(slides).values(wanted.map((s) => ({ ...s, pharmId })));
    return true;
  }

  private async replaceAnnouncements(tx: Tx, pharmId: number, wanted: AnnouncementInput[]): Promise<boolean> {
    const current = await tx.select().from(announcements).where(eq(announcements.pharmId, pharmId)).orderBy(asc(announcements.id));
    if (announcementRows(current) === announcementRows(wanted)) return false;
    await tx.delete(announcements).where(eq(announcements.pharmId, pharmId));
    if (wanted.length) await tx.insert(announcements).values(wanted.map((a) => ({ ...a, name: a.name ?? '', pharmId })));
    return true;
  }
}

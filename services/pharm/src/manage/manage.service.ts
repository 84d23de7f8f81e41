import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes, escapeLike, Events, MANAGE_PAGE_SIZE, ManageMessages, searchDocument,
  type ManagedPharm, type ManagedPharmsPage, type ManagePharmListRequest, type PharmManageUpdateCommand, type PharmOnboardCommand,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, OutboxRelay, OutboxWriter, serviceError, type Database, type Tx } from '@mc/kit';
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { toOpeningHours } from '../business/business-info.service';
import { pharmChanged } from '../common/pharm-changed';
import { searchCondition } from '../common/search';
import { pharmacies } from '../db/schema';
import { canonical } from '../pharms/pharms.writer';
import { recordAudit } from '../common/audit';
import { fullAddress, PharmPlaces } from './pharm-places';

type PharmacyRow = typeof pharmacies.$inferSelect;

const slugTaken = () => serviceError(409, ErrorCodes.conflict, ManageMessages.slugTaken);
const partnerCodeTaken = () => serviceError(409, ErrorCodes.conflict, ManageMessages.partnerCodeTaken);
const pharmNotFound = () => notFound(ManageMessages.pharmNotFound);

/** The unique constraint a failed write broke (slug or partner code), if any. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return undefined;
}

function conflictOf(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === 'pharmacies_slug_unique') return slugTaken();
  if (constraint === 'pharmacies_partner_code_unique') return partnerCodeTaken();
  return error;
}

const orNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** Offers on the marketplace: published, of a product the catalogue still lists. */
const offersCount = sql<number>`(SELECT count(*)::int FROM pharm.pharm_products pp LEFT JOIN pharm.products_view pv ON pv.slug = pp.product_slug
  WHERE pp.pharm_id = pharm.pharmacies.id AND pp.published AND NOT coalesce(pv.deleted, false))`;

const toManaged = (row: PharmacyRow, offers: number): ManagedPharm => ({
  slug: row.slug,
  name: row.name,
  state: row.state,
  licenceNumber: row.licenceNumber,
  address: fullAddress(row.address, row.city),
  city: row.city,
  lat: row.lat,
  lng: row.lng,
  phone: row.phone,
  whatsapp: row.whatsapp,
  orderEmail: row.orderEmail,
  shipping: row.shipping,
  openingHours: row.openingHours,
  partnerCode: row.partnerCode,
  partnerFeedAt: row.partnerFeedAt?.toISOString() ?? null,
  offersCount: offers,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The fields the record shows of a pharmacy (before and after), by the console's names. */
const auditFields = (row: PharmacyRow): Record<string, unknown> => ({
  name: row.name, licenceNumber: row.licenceNumber, address: fullAddress(row.address, row.city), phoneNumber: row.phone,
  whatsappNumber: row.whatsapp, orderEmail: row.orderEmail, shipping: row.shipping, openingHours: row.openingHours, partnerCode: row.partnerCode,
});

/**
 * The operator's side of the pharmacies (`pharm.manage.*`, admins only): every pharmacy in any state, onboarding a new
 * one (in `onboarding`, hidden until made live) and changing any field or the state. Each write commits with its
 * `evt.pharm.pharm.changed` (catalog's copy: deleted unless live) and its `evt.pharm.audit.recorded` (the verified
 * caller, only the fields that changed); the offer index sees the row through the change feed, so a pharmacy leaves
 * or joins every public read within its next apply.
 */
@Injectable()
export class ManageService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PharmPlaces) private readonly places: PharmPlaces,
  ) {}

  /** Every pharmacy by name, any state unless one is asked, searched by name, city, address, slug or partner code. */
  async list(request: ManagePharmListRequest): Promise<ManagedPharmsPage> {
    const page = request.page ?? 1;
    const perPage = MANAGE_PAGE_SIZE.pharms;
    const where = and(request.state ? eq(pharmacies.state, request.state) : undefined, this.searchOf(request.search));
    const [rows, [{ total }]] = await Promise.all([
      this.db.select({ row: pharmacies, offers: offersCount }).from(pharmacies).where(where)
        .orderBy(asc(pharmacies.name), asc(pharmacies.slug)).limit(perPage).offset((page - 1) * perPage),
      this.db.select({ total: count() }).from(pharmacies).where(where),
    ]);
    return { pharms: rows.map((r) => toManaged(r.row, r.offers)), total, perPage, currentPage: page };
  }

  async get(slug: string): Promise<ManagedPharm> {
    const [found] = await this.db.select({ row: pharmacies, offers: offersCount }).from(pharmacies).where(eq(pharmacies.slug, slug));
    if (!found) throw pharmNotFound();
    return toManaged(found.row, found.offers);
  }

  /** A new pharmacy in `onboarding`: its place from the gazetteer, its slug and partner code its own (409 otherwise). */
  async onboard(command: PharmOnboardCommand, actorId: number): Promise<ManagedPharm> {
    const place = await this.places.find(command.address);
    const partnerCode = orNull(command.partnerCode);
    const row = await this.db.transaction(async (tx) => {
      const [taken] = await tx.select({ slug: pharmacies.slug, partnerCode: pharmacies.partnerCode }).from(pharmacies)
        .where(or(eq(pharmacies.slug, command.slug), partnerCode ? eq(pharmacies.partnerCode, partnerCode) : undefined)).limit(1);
      if (taken) throw taken.slug === command.slug ? slugTaken() : partnerCodeTaken();
      const now = this.clock.now();
      const [saved] = await tx.insert(pharmacies).values({
        slug: command.slug,
        name: command.name,
        state: 'onboarding',
        licenceNumber: command.licenceNumber,
        address: place.street,
        city: place.city,
        district: await this.places.districtOf(tx, place.city),
        lat: place.lat,
        lng: place.lng,
        phone: command.phoneNumber,
        whatsapp: orNull(command.whatsappNumber),
        wazeAddress: place.full,
        orderEmail: orNull(command.orderEmail),
        shipping: command.shipping,
        openingHours: toOpeningHours(command.openingHours),
        partnerCode,
        searchText: searchDocument(command.name, place.city, place.street),
        createdAt: now,
        updatedAt: now,
      }).returning().catch((err: unknown) => { throw conflictOf(err); });
      await this.outbox.add(tx, Events.pharm.pharmChanged, pharmChanged(saved));
      await recordAudit(this.outbox, tx, {
        action: 'pharm.onboarded', actorId, targetKind: 'pharmacy', targetId: saved.slug, targetLabel: saved.name,
        after: { ...auditFields(saved), state: saved.state }, at: now,
      });
      return saved;
    });
    this.relay.poke();
    return toManaged(row, 0);
  }

  /**
   * Any of the fields and the state; nothing changed writes nothing. A new state is recorded apart
   * (`pharm.state-changed`) from the other fields (`pharm.updated`).
   */
  async update(command: PharmManageUpdateCommand, actorId: number): Promise<ManagedPharm> {
    const [current] = await this.db.select().from(pharmacies).where(eq(pharmacies.slug, command.slug));
    if (!current) throw pharmNotFound();
    const place = command.address !== undefined && command.address !== fullAddress(current.address, current.city)
      ? await this.places.find(command.address) : undefined;
    const result = await this.db.transaction(async (tx) => {
      const [pharm] = await tx.select().from(pharmacies).where(eq(pharmacies.slug, command.slug)).for('update');
      if (!pharm) throw pharmNotFound();
      const changes: Partial<PharmacyRow> = {};
      if (command.name !== undefined) changes.name = command.name;
      if (command.licenceNumber !== undefined) changes.licenceNumber = command.licenceNumber;
      if (place) {
        Object.assign(changes, { address: place.street, city: place.city, lat: place.lat, lng: place.lng });
        if (place.city !== pharm.city) changes.district = await this.places.districtOf(tx, place.city, pharm.id);
        // The Waze text follows the address unless the owner set another.
        if (pharm.wazeAddress === null || pharm.wazeAddress === fullAddress(pharm.address, pharm.city)) changes.wazeAddress = place.full;
      }
      if (command.phoneNumber !== undefined) changes.phone = command.phoneNumber;
      if (command.whatsappNumber !== undefined) changes.whatsapp = orNull(command.whatsappNumber);
      if (command.orderEmail !== undefined) changes.orderEmail = orNull(command.orderEmail);
      if (command.shipping !== undefined) changes.shipping = command.shipping;
      if (command.openingHours !== undefined) changes.openingHours = toOpeningHours(command.openingHours);
      if (command.partnerCode !== undefined) changes.partnerCode = orNull(command.partnerCode);
      if (command.state !== undefined) changes.state = command.state;
      const changed = Object.entries(changes).filter(([key, value]) => canonical(pharm[key as keyof PharmacyRow]) !== canonical(value));
      if (!changed.length) return { row: pharm, changed: false };
      const fields = Object.fromEntries(changed) as Partial<PharmacyRow>;
      if (fields.partnerCode) {
        const [other] = await tx.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.partnerCode, fields.partnerCode)).limit(1);
        if (other) throw partnerCodeTaken();
      }
      const now = this.clock.now();
      if (fields.name !== undefined || fields.address !== undefined) {
        fields.searchText = searchDocument(fields.name ?? pharm.name, fields.city ?? pharm.city, fields.address ?? pharm.address);
      }
      const [row] = await tx.update(pharmacies).set({ ...fields, updatedAt: now }).where(eq(pharmacies.id, pharm.id)).returning()
        .catch((err: unknown) => { throw conflictOf(err); });
      await this.outbox.add(tx, Events.pharm.pharmChanged, pharmChanged(row));
      await this.record(tx, pharm, row, actorId, now);
      return { row, changed: true };
    });
    if (result.changed) this.relay.poke();
    return this.get(result.row.slug);
  }

  /** `pharm.updated` with the console's fields that changed, and `pharm.state-changed` when the state did. */
  private async record(tx: Tx, before: PharmacyRow, after: PharmacyRow, actorId: number, at: Date): Promise<void> {
    const was = auditFields(before);
    const now = auditFields(after);
    const keys = Object.keys(now).filter((key) => canonical(was[key]) !== canonical(now[key]));
    const target = { targetKind: 'pharmacy' as const, targetId: after.slug, targetLabel: after.name, actorId, at };
    if (keys.length) {
      await recordAudit(this.outbox, tx, {
        action: 'pharm.updated', ...target,
        before: Object.fromEntries(keys.map((k) => [k, was[k]])), after: Object.fromEntries(keys.map((k) => [k, now[k]])),
      });
    }
    if (before.state !== after.state) {
      await recordAudit(this.outbox, tx, { action: 'pharm.state-changed', ...target, before: { state: before.state }, after: { state: after.state } });
    }
  }

  /** Name, city or address (the search document), or the slug or partner code containing the text. */
  private searchOf(search: string | undefined): SQL | undefined {
    const text = search?.trim();
    const byText = searchCondition(sql`${pharmacies.searchText}`, text);
    if (!text) return byText;
    const contains = `%${escapeLike(text.toLowerCase())}%`;
    return or(byText, sql`${pharmacies.slug} LIKE ${contains}`, sql`lower(${pharmacies.partnerCode}) LIKE ${contains}`);
  }
}

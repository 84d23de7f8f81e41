import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages, type ShippingQuoteRequest, type ShippingQuoteResponse } from '@mc/contracts';
import { DATABASE, LOGGER, serviceError, type Database } from '@mc/kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { locations, shipments } from '../db/schema';
import { pricingRows } from '../shipments/shipments.service';
import { addressParts, chooseShipment, cityMatches, cityTextNames, findStreet, type QuotableShipment } from './quotes.rules';

type Quote = ShippingQuoteResponse['quotes'][number];

interface ErrorLogger {
  error(details: object, message: string): void;
}

interface GazetteerCity {
  city: string;
  names: string[];
}

type StoredShipment = Pick<typeof shipments.$inferSelect, 'id' | 'quantityType' | 'pricings' | 'locationIds'>;

/** Where an address lies: its areas of the locations tree, most specific first (city, district, country). */
export type AddressAreas = { found: true; areas: number[] } | { found: false };

/**
 * The shipping of each pharmacy of a cart to one address (spec 4's statuses): pickup always matches for free; a
 * delivery needs the address in the gazetteer (else AddressNotFound), a published shipment of the pharmacy covering its
 * city, district or country, most specific first (else ShipmentNoMatch), and a pricing row the cart reaches (else
 * ShippingMinPricing with the smallest row). A pharmacy whose answer fails is an Error, never the whole answer.
 */
@Injectable()
export class QuotesService {
  /** The gazetteer's cities with their names (the data migration's, fixed while the process runs). */
  private cities?: Promise<GazetteerCity[]>;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: ErrorLogger,
  ) {}

  async quote(request: ShippingQuoteRequest): Promise<ShippingQuoteResponse> {
    const delivered = request.pharms.filter((p) => !p.pickup);
    if (delivered.length && !request.address) throw serviceError(400, ErrorCodes.badRequest, Messages.badRequest);

    let where: AddressAreas | Error | undefined;
    let byPharm = new Map<string, StoredShipment[]>();
    if (delivered.length) {
      try {
        where = await this.locate(request.address!.address);
        if (where.found) byPharm = await this.publishedShipments([...new Set(delivered.map((p) => p.pharmSlug))]);
      } catch (err) {
        this.fail('address or shipments', err);
        where = err instanceof Error ? err : new Error(String(err));
      }
    }

    const quotes = request.pharms.map((pharm): Quote => {
      if (pharm.pickup) return { pharmSlug: pharm.pharmSlug, status: 'matched', price: 0 };
      const rejected = (rejectCode: Quote['rejectCode'], extra: Partial<Quote> = {}): Quote =>
        ({ pharmSlug: pharm.pharmSlug, status: 'rejected', price: 0, rejectCode, ...extra });
      if (!where || where instanceof Error) return rejected('Error');
      if (!where.found) return rejected('AddressNotFound');
      try {
        // Read here, so that a row pricing cannot read fails its pharmacy alone.
        const candidates = (byPharm.get(pharm.pharmSlug) ?? []).map((s): QuotableShipment => ({ id: s.id, locationIds: s.locationIds, pricings: pricingRows(s) }));
        const choice = chooseShipment(candidates, where.areas, pharm);
        if (choice.status === 'matched') return { pharmSlug: pharm.pharmSlug, status: 'matched', price: choice.price, shipmentId: choice.shipmentId };
        if (choice.status === 'min-pricing') return rejected('ShippingMinPricing', { minPricing: choice.minPricing });
        return rejected('ShipmentNoMatch');
      } catch (err) {
        this.fail('pricing', err);
        return rejected('Error');
      }
    });
    return { quotes };
  }

  /**
   * Finds the address in the gazetteer: its city by any of the city's names, then the street among that city's
   * streets; then the city's place in the locations tree (a city the tree lacks still lies in the country).
   */
  async locate(address: string): Promise<AddressAreas> {
    const parts = addressParts(address);
    if (!parts) return { found: false };
    const cities = await this.gazetteerCities();
    for (const candidate of parts.cityCandidates) {
      const city = cities.find((c) => cityMatches(candidate, c.names));
      if (!city) continue;
      const rows = await this.db.execute<{ street_text: string }>(
        sql`SELECT street_text FROM shipping_quote.address_gazetteer WHERE city = ${city.city}`);
      const street = findStreet(parts.street, rows.rows.map((r) => ({ streetText: r.street_text })));
      return street ? { found: true, areas: await this.areasOf(city.city) } : { found: false };
    }
    return { found: false };
  }

  private gazetteerCities(): Promise<GazetteerCity[]> {
    this.cities ??= this.db
      .execute<{ city: string; city_text: string }>(sql`SELECT DISTINCT city, city_text FROM shipping_quote.address_gazetteer`)
      .then((rows) => rows.rows.map((r) => ({ city: r.city, names: cityTextNames(r.city_text) })))
      .catch((err: unknown) => {
        this.cities = undefined;
        throw err;
      });
    return this.cities;
  }

  /** The city's location and its ancestors (district, country); the country alone for a city the tree lacks. */
  private async areasOf(city: string): Promise<number[]> {
    const rows = await this.db.execute<{ id: number; parent_id: number | null; type: string }>(sql`
      WITH RECURSIVE up AS (
        SELECT id, parent_id, type, 0 AS depth FROM shipping_quote.locations WHERE type = 'city' AND display_text = ${city}
        UNION ALL
        SELECT l.id, l.parent_id, l.type, up.depth + 1 FROM shipping_quote.locations l JOIN up ON l.id = up.parent_id
      )
      SELECT id, parent_id, type FROM up ORDER BY depth`);
    if (rows.rows.length) return rows.rows.map((r) => r.id);
    const country = await this.db.select({ id: locations.id }).from(locations).where(eq(locations.type, 'country'));
    return country.map((c) => c.id);
  }

  private async publishedShipments(pharmSlugs: string[]): Promise<Map<string, StoredShipment[]>> {
    // Read at each quote: an owner's change in the back office applies to the next quote.
    const rows = await this.db
      .select({ id: shipments.id, pharmSlug: shipments.pharmSlug, quantityType: shipments.quantityType, pricings: shipments.pricings, locationIds: shipments.locationIds })
      .from(shipments)
      .where(and(inArray(shipments.pharmSlug, pharmSlugs), eq(shipments.published, true)));
    const byPharm = new Map<string, StoredShipment[]>();
    for (const { pharmSlug, ...row } of rows) byPharm.set(pharmSlug, [...(byPharm.get(pharmSlug) ?? []), row]);
    return byPharm;
  }

  /** Logs a failure without the address (personal data): what failed and the error, without a failed query's parameters. */
  private fail(what: string, err: unknown): void {
    const reason = err instanceof Error ? `${err.name}: ${err.message.split('\nparams:')[0]}` : typeof err;
    this.logger.error({ what, reason }, 'shipping quote: a pharmacy is answered Error');
  }
}

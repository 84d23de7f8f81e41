import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ADDRESS_SEARCH_MAX_LENGTH, LOCALITIES, ManageMessages, Subjects, type ServiceError } from '@mc/contracts';
import { badRequest, BusClient, type Database, type Tx } from '@mc/kit';
import { and, eq, ne } from 'drizzle-orm';
import { pharmacies } from '../db/schema';

/** Where shipping-quote's address search must answer within. */
const ADDRESS_LOOKUP_TIMEOUT_MS = 5_000;
/** The district of a city neither contracts' localities nor another pharmacy place (the gazetteer's other towns are mostly there). */
const DEFAULT_DISTRICT = 'המרכז';

/** A pharmacy's place as the gazetteer knows it. */
export interface PharmPlace {
  /** Street and house number ('הרצל 12'): the pharmacy's `address`. */
  street: string;
  city: string;
  lat: number;
  lng: number;
  /** The suggestion's text ('הרצל 12, חיפה'), as the console shows and sends it. */
  full: string;
}

/** The console's address as one text, as the address search suggests it: 'הרצל 12, חיפה'. */
export const fullAddress = (address: string, city: string): string => `${address}, ${city}`;

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The address an operator picked from the address search, looked up again in shipping-quote's gazetteer
 * (`shipping-quote.address.search`): it must be one of the suggestions, word for word, and the street, the city and the
 * position are taken from there, never from the payload.
 */
@Injectable()
export class PharmPlaces {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async find(address: string): Promise<PharmPlace> {
    const text = collapse(address);
    if (text.length > ADDRESS_SEARCH_MAX_LENGTH) throw badRequest(ManageMessages.addressNotFound);
    let results;
    try {
      ({ results } = await this.bus.request(Subjects.shippingQuote.addressSearch, { text }, { timeoutMs: ADDRESS_LOOKUP_TIMEOUT_MS }));
    } catch (err) {
      // shipping-quote refusing the text (its length) is an address it does not know; anything else is its outage (503).
      if (err instanceof RpcException && (err.getError() as ServiceError).status < 500) throw badRequest(ManageMessages.addressNotFound);
      throw err;
    }
    const match = results.find((r) => collapse(r.address) === text);
    const centre = match && LOCALITIES.find((l) => l.name === match.city);
    const lat = match?.lat ?? centre?.lat;
    const lng = match?.lng ?? centre?.lng;
    if (!match || !match.city || lat === undefined || lng === undefined) throw badRequest(ManageMessages.addressNotFound);
    const street = collapse(match.houseNumber ? `${match.street} ${match.houseNumber}` : match.street);
    return { street, city: match.city, lat, lng, full: text };
  }

  /**
   * The district of `city`: contracts' localities know most; else that of another pharmacy in the same city; else the
   * centre (the gazetteer's towns missing from the localities are mostly there).
   */
  async districtOf(db: Database | Tx, city: string, exceptId = 0): Promise<string> {
    const known = LOCALITIES.find((l) => l.name === city);
    if (known) return known.district;
    const [other] = await db.select({ district: pharmacies.district }).from(pharmacies)
      .where(and(eq(pharmacies.city, city), ne(pharmacies.id, exceptId))).limit(1);
    return other?.district ?? DEFAULT_DISTRICT;
  }
}

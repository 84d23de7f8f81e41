import { Inject, Injectable } from '@nestjs/common';
import { AlertMessages, LOCALITIES, Messages, Subjects, type GeoPoint } from '@mc/contracts';
import { badRequest, BusClient, notFound, toServiceError, type Caller } from '@mc/kit';

/** Where identity and shipping-quote must answer within. */
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The place of one of the caller's saved addresses (issue 31: an alert near it): the address from identity with the
 * caller's own token (404 when it is not theirs), its position from shipping-quote's gazetteer, else its city's
 * centre (a distance in kilometres needs no more).
 */
@Injectable()
export class AlertPlaces {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async savedAddress(caller: Caller, addressId: number): Promise<GeoPoint> {
    const { addresses } = await this.bus.request(Subjects.identity.addressList, {}, { caller, timeoutMs: LOOKUP_TIMEOUT_MS });
    const saved = addresses.find((a) => a.id === addressId);
    if (!saved) throw notFound(Messages.addressNotFound);
    const [street, city = ''] = saved.address.split(',').map((part) => part.trim());
    const text = `${street} ${saved.houseNumber}, ${city}`;
    const { results } = await this.bus.request(Subjects.shippingQuote.addressSearch, { text }, { timeoutMs: LOOKUP_TIMEOUT_MS })
      .catch((err: unknown) => { if (toServiceError(err).status < 500) return { results: [] }; throw err; });
    const found = results.find((r) => r.lat !== undefined && r.lng !== undefined && r.city === city);
    if (found) return { lat: found.lat!, lng: found.lng! };
    const centre = LOCALITIES.find((l) => l.name === city);
    if (!centre) throw badRequest(AlertMessages.invalidPlace);
    return { lat: centre.lat, lng: centre.lng };
  }
}

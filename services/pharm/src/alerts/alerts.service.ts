import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, ALERT_RULES, AlertMessages, ErrorCodes, Messages, shekelsToAgorot,
  type AlertCreateDto, type AlertNotice, type PriceAlert, type PriceAlertsResponse,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, serviceError, SERVICE_ENV, badRequest, type Caller, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { hmacSecret, type PharmEnv } from '../config';
import { lowestNowSql } from '../companies/market-sql';
import { alertIdOfToken, alertUnsubscribeToken, isAlertTokenOf } from './alert-link';
import { AlertPlaces } from './alert-places';

type AlertRow = {
  id: number; product_slug: string; product_name: string | null; kind: 'price' | 'stock'; below: number | null;
  lat: number | null; radius_km: number | null; sms: boolean; created_at: string; lowest_now: number | null;
};

/** Kept to about 100 m: enough for a distance in kilometres, no more of where the patient is. */
const roundPlace = (degrees: number) => Math.round(degrees * 1000) / 1000;

/**
 * The patients' alerts (issue 31): each signed-in patient's own (the verified caller's id, never a payload's), at most
 * ALERT_RULES.perUser; one per product and kind (subscribing again replaces it). The signed link removes one without sign-in.
 */
@Injectable()
export class AlertsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(AlertPlaces) private readonly places: AlertPlaces,
  ) {}

  async list(userId: number): Promise<PriceAlertsResponse> {
    return { alerts: (await this.rows(userId)).map(toAlert) };
  }

  async create(caller: Caller, dto: AlertCreateDto): Promise<PriceAlert> {
    const userId = caller.userId;
    const given = (v: unknown) => v !== undefined && v !== null;
    const byAddress = given(dto.addressId);
    const near = given(dto.lat) || byAddress;
    if (given(dto.lat) !== given(dto.lng) || (byAddress && given(dto.lat))) throw badRequest(AlertMessages.invalidPlace);
    if (near !== given(dto.radiusKm)) throw badRequest(near ? AlertMessages.invalidRadius : AlertMessages.invalidPlace);
    const below = dto.kind === 'price' && given(dto.below) ? shekelsToAgorot(dto.below!) : null;
    const point = byAddress ? await this.places.savedAddress(caller, dto.addressId!) : near ? { lat: dto.lat!, lng: dto.lng! } : null;
    const place = point ? { lat: roundPlace(point.lat), lng: roundPlace(point.lng), radius: dto.radiusKm! } : { lat: null, lng: null, radius: null };
    const id = await this.db.transaction(async (tx) => {
      const { rows: [product] } = await tx.execute(sql`SELECT 1 FROM pharm.products_view WHERE slug = ${dto.productSlug} AND NOT deleted`);
      if (!product) throw notFound(Messages.productNotFound);
      // One patient's alerts are counted and written one at a time.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('pharm.alerts'), ${userId})`);
      const { rows: [{ others }] } = await tx.execute<{ others: number }>(sql`SELECT count(*)::int AS others FROM pharm.price_alerts
        WHERE user_id = ${userId} AND NOT (product_slug = ${dto.productSlug} AND kind = ${dto.kind})`);
      if (others >= ALERT_RULES.perUser) throw badRequest(AlertMessages.tooMany);
      const { rows: [saved] } = await tx.execute<{ id: number }>(sql`INSERT INTO pharm.price_alerts (user_id, product_slug, kind, below, lat, lng, radius_km, sms, created_at)
        VALUES (${userId}, ${dto.productSlug}, ${dto.kind}, ${below}, ${place.lat}, ${place.lng}, ${place.radius}, ${dto.sms === true}, ${this.clock.now().toISOString()}::timestamptz)
        ON CONFLICT (user_id, product_slug, kind) DO UPDATE SET below = excluded.below, lat = excluded.lat, lng = excluded.lng,
          radius_km = excluded.radius_km, sms = excluded.sms, created_at = excluded.created_at, last_sent_on = NULL
        RETURNING id`);
      return saved.id;
    });
    const [row] = await this.rows(userId, id);
    return toAlert(row);
  }

  async remove(userId: number, id: number): Promise<{ ok: true }> {
    const { rowCount } = await this.db.execute(sql`DELETE FROM pharm.price_alerts WHERE id = ${id} AND user_id = ${userId}`);
    if (!rowCount) throw notFound(AlertMessages.notFound);
    return { ok: true };
  }

  /** The one-click link: a token signed for this alert and its owner removes it; removed already is done. */
  async unsubscribe(token: string): Promise<{ ok: true }> {
    const alertId = alertIdOfToken(token);
    const { rows: [alert] } = await this.db.execute<{ user_id: number }>(sql`SELECT user_id FROM pharm.price_alerts WHERE id = ${alertId}`);
    if (alert && !isAlertTokenOf(hmacSecret(this.env), token, alertId, alert.user_id)) throw serviceError(403, ErrorCodes.forbidden, AlertMessages.invalidLink);
    if (alert) await this.db.execute(sql`DELETE FROM pharm.price_alerts WHERE id = ${alertId} AND user_id = ${alert.user_id}`);
    return { ok: true };
  }

  /** For notifications, when it sends an alert's message: its unsubscribe token (404 once the alert is removed: nothing is sent). */
  async notice(alertId: number): Promise<AlertNotice> {
    const { rows: [alert] } = await this.db.execute<{ user_id: number }>(sql`SELECT user_id FROM pharm.price_alerts WHERE id = ${alertId}`);
    if (!alert) throw notFound(AlertMessages.notFound);
    return { unsubscribeToken: alertUnsubscribeToken(hmacSecret(this.env), alertId, alert.user_id) };
  }

  private async rows(userId: number, id?: number): Promise<AlertRow[]> {
    const { rows } = await this.db.execute<AlertRow>(sql`SELECT a.id, a.product_slug, pv.name AS product_name, a.kind, a.below, a.lat, a.radius_km, a.sms,
        a.created_at::text, ${lowestNowSql(sql`a.product_slug`, this.clock.now())} AS lowest_now
      FROM pharm.price_alerts a LEFT JOIN pharm.products_view pv ON pv.slug = a.product_slug
      WHERE a.user_id = ${userId} ${id === undefined ? sql`` : sql`AND a.id = ${id}`}
      ORDER BY a.created_at DESC, a.id DESC`);
    return rows;
  }
}

function toAlert(row: AlertRow): PriceAlert {
  return {
    id: row.id, productSlug: row.product_slug, productName: row.product_name ?? row.product_slug, kind: row.kind,
    below: row.below === null ? null : agorotToShekels(row.below), near: row.lat !== null, radiusKm: row.radius_km, sms: row.sms,
    createdAt: new Date(row.created_at).toISOString(), lowestNow: row.lowest_now === null ? null : agorotToShekels(row.lowest_now),
  };
}

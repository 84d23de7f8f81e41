import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { feedPartners, feedSpoolDir, type FeedPartner } from '@mc/kit';
import type { GatewayEnv } from '../config';

/** Feeds still being received, beside the spool's partner folders (one filesystem, so the finished file is renamed in place). */
const INCOMING = '.incoming';

/**
 * The gateway's side of the partner stock feed, made once at start from FEED_PARTNERS, FEED_SPOOL_DIR and
 * FEED_MAX_BYTES: who may push (each partner's secret), where a pushed feed is written, and the largest one taken.
 */
export class FeedIntake {
  private readonly secrets: ReadonlyMap<string, string>;

  constructor(partners: FeedPartner[], readonly spoolDir: string, readonly maxBytes: number) {
    this.secrets = new Map(partners.map((p) => [p.id, p.secret]));
  }

  /** The configured partners and spool (`assertStartable` has checked them); without partners there is no spool. */
  static fromEnv(env: GatewayEnv): FeedIntake {
    const partners = feedPartners(env);
    return new FeedIntake(partners, partners.length ? feedSpoolDir(env) : '', env.FEED_MAX_BYTES);
  }

  secretOf(partner: string): string | undefined {
    return this.secrets.get(partner);
  }

  get incomingDir(): string {
    return join(this.spoolDir, INCOMING);
  }

  /**
   * Creates the spool (a gateway that cannot write it does not start) and removes what an earlier run left half
   * received: files older than `abandonedAfterMs`, longer than any request may last (other copies of the gateway
   * may be receiving into the same folder).
   */
  prepare(abandonedAfterMs: number, nowMs = Date.now()): void {
    if (!this.spoolDir) return;
    mkdirSync(this.incomingDir, { recursive: true });
    for (const name of readdirSync(this.incomingDir)) {
      const path = join(this.incomingDir, name);
      try {
        if (nowMs - statSync(path).mtimeMs > abandonedAfterMs) rmSync(path, { force: true });
      } catch {
        // Renamed or removed by another copy meanwhile.
      }
    }
  }
}

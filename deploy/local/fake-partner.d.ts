import type { Readable } from 'node:stream';

/** deploy/seed/partner.js's `partnerUniverse(volume)`: the partner-synced pharmacies and the partner's products (price in agorot). */
export interface PartnerUniverse {
  pharmacies: { code: string; slug: string }[];
  products: { id: string | number; slug: string; price: number }[];
}

export interface FeedParams {
  rows: number;
  gzip: boolean;
  /** Whole seconds, in ms. */
  atMs: number;
  priceShift: number;
}

export interface FeedRow {
  pharmacy: PartnerUniverse['pharmacies'][number];
  product: PartnerUniverse['products'][number];
  amount: number;
  /** Agorot; null leaves the price as it is (an empty cell). */
  price: number | null;
  updatedAtMs: number;
}

export interface FeedQuery {
  rows?: number | string;
  gzip?: boolean | 0 | 1 | '0' | '1';
  at?: string | number;
  priceShift?: number | string;
}

export interface FakePartner {
  url: string;
  feedUrl(query?: FeedQuery): string;
  universe: PartnerUniverse;
  served: { full: number; notModified: number };
  close(): Promise<void>;
}

export interface PartnerAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The JSON answer, or the text when it is not JSON. */
  body: any;
}

export interface PartnerCredentials {
  partner?: string;
  secret?: string;
}

export const CONTENT_VERSION: number;
export const FEED_PATH: string;
export function startFakePartner(options?: { port?: number; volume?: string; universe?: PartnerUniverse }): Promise<FakePartner>;
export function feedParams(query?: FeedQuery): FeedParams;
export function feedRow(universe: PartnerUniverse, params: FeedParams, i: number): FeedRow;
export function feedStream(universe: PartnerUniverse, params: FeedParams): Readable;
export function feedEtag(universe: PartnerUniverse, params: FeedParams): string;
export function isLastOfItsPair(universe: PartnerUniverse, rows: number, i: number): boolean;
export function rowLine(row: FeedRow): string;
export function feedSignature(secret: string, timestamp: number, body?: string | Buffer): string;
export function signedPush(options: PartnerCredentials & FeedQuery & {
  baseUrl: string;
  body?: string | Buffer;
  file?: string;
  stream?: Readable;
  universe?: PartnerUniverse;
  volume?: string;
  timestamp?: number;
  headers?: Record<string, string>;
}): Promise<PartnerAnswer & { feedId: string; bytes: number; signature: string; timestamp: number; sentAt: number }>;
export function signedStatus(options: PartnerCredentials & { baseUrl: string; jobId: string; csv?: boolean; timestamp?: number }): Promise<PartnerAnswer>;
export function waitForFeed(options: PartnerCredentials & { baseUrl: string; jobId: string; timeoutMs?: number; intervalMs?: number }): Promise<any>;
export function loadUniverse(volume?: string): PartnerUniverse;
/** The first partner of FEED_PARTNERS, else the development partner (from the kit's build). */
export function defaultPartner(): { partner: string; secret: string };

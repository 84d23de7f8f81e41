import type { FeedParams, FeedRow, PartnerUniverse } from '../local/fake-partner';

export const TARGETS: { visible: { rows: number; seconds: number }; peakRssMb: number };
export function vmHwmKb(statusText: string): number | undefined;
export function candidateRows(universe: PartnerUniverse, params: FeedParams, count?: number): FeedRow[];
export function showsRow(offer: { totalPrice: number; originalPrice: number | null; confirmedAt: number } | undefined, row: FeedRow): boolean;
export function targetsMet(result: { rows: number; state?: string; visibleMs?: number; peakRssMb?: number }): boolean;

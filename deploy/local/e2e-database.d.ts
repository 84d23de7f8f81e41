export function confirmedHoursAgo(offerIds: number[], hours: number): Promise<void>;

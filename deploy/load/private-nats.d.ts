export function freePort(): Promise<number>;
export function startPrivateNats(): Promise<{ url: string; stop(): Promise<void> }>;

export function freePort(): Promise<number>;
export function startPrivateNats(): Promise<{ url: string; stop(): Promise<void> }>;
export interface NatsNode { readonly name: string; readonly port: number; readonly monitorUrl: string; start(): Promise<void>; kill(): Promise<void>; stop(): Promise<void> }
export function startNatsCluster(size?: number): Promise<{ url: string; nodes: NatsNode[]; logDir: string; stop(): Promise<void> }>;

import type { ChildProcess } from 'node:child_process';

export const SERVICES: string[];
/** Workers that run as processes of their own: name → script and Node's flags. */
export const WORKERS: Record<string, { script: string; nodeArgs?: string[] }>;
export interface RunningStack {
  baseUrl: string;
  procs: Record<string, ChildProcess>;
  /** Each process's probes and metrics port (`/livez`, `/readyz`, `/metrics`). */
  probePorts: Record<string, number>;
  restart(name: string): Promise<void>;
  kill(name: string): Promise<void>;
  start(name: string): ChildProcess;
  startCopy(name: string, probePort: number): ChildProcess;
  stop(): Promise<void[]>;
}
/** The script of a process (a service, a worker or the gateway) in the builds. */
export function entry(name: string): string;
export function startStack(options?: { env?: Record<string, string>; port?: number; probeBase?: number; logDir?: string }): Promise<RunningStack>;
export function startProcess(name: string, options: { env?: Record<string, string>; logDir: string }): ChildProcess;
export function stopProcess(child: ChildProcess, timeoutMs?: number): Promise<void>;
export function waitForHealth(baseUrl: string, timeoutMs?: number): Promise<unknown>;
export function waitForReadModels(baseUrl: string, options?: { timeoutMs?: number; headers?: Record<string, string> }): Promise<string>;

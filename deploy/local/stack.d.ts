import type { ChildProcess } from 'node:child_process';

export const SERVICES: string[];
export interface RunningStack {
  baseUrl: string;
  procs: Record<string, ChildProcess>;
  restart(name: string): Promise<void>;
  stop(): Promise<void[]>;
}
export function startStack(options?: { env?: Record<string, string>; port?: number; logDir?: string }): Promise<RunningStack>;
export function startProcess(name: string, options: { env?: Record<string, string>; logDir: string }): ChildProcess;
export function stopProcess(child: ChildProcess, timeoutMs?: number): Promise<void>;
export function waitForHealth(baseUrl: string, timeoutMs?: number): Promise<unknown>;
export function waitForReadModels(baseUrl: string, options?: { timeoutMs?: number; headers?: Record<string, string> }): Promise<string>;

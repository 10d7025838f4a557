// Types of stack.mjs for the TypeScript benchmarks and drills.
import type { ChildProcess } from 'node:child_process';

export const root: string;
export function freePort(): Promise<number>;
export function serverUrl(): string;
export function databaseUrl(name: string): string;
export function recreateDatabase(name: string): Promise<void>;
export function ensureDatabase(name: string): Promise<boolean>;
export function requireBuild(built?: string[]): void;
export function migrate(url: string): void;
export function startApi(
  env: Record<string, string>,
  options?: { nodeArgs?: string[]; onOutputLine?: (line: string) => void },
): Promise<{ baseUrl: string; process: ChildProcess; stop(): Promise<void> }>;
export function startWorkers(env: Record<string, string>): Promise<{ process: ChildProcess; stop(): Promise<void> }>;

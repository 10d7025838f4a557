// Types of args.mjs for the TypeScript benchmarks and drills.
export function parseArgs<T extends Record<string, string | number>>(defaults: T): T;

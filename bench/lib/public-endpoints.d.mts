// Types of public-endpoints.mjs for the TypeScript benchmarks and drills.
export function publicEndpoints(database: string): Promise<Array<[name: string, path: string]>>;

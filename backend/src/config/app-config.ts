import type { Config } from './config.schema';

/**
 * The validated configuration as an injection token: the abstract class is the token,
 * the merged interface gives it the parsed fields.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export abstract class AppConfig {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface AppConfig extends Config {}

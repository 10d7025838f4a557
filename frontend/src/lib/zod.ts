/*
 * Every `zod` import of the browser bundle (the contracts' and the forms') resolves here
 * (vite.config.ts). The page's Content-Security-Policy forbids eval, and zod's test for it,
 * `new Function('')` at the first object schema, is reported as a violation even though zod
 * catches it: jitless mode skips the test, before any schema is built.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };

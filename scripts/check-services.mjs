import { requireServices } from './services.mjs';

await requireServices();

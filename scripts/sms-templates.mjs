/**
 * `npm run sms:templates`: every SMS text in uz, ru and en, as submitted to Eskiz for approval
 * (my.eskiz.uz → SMS → Shablonlar). {{name}} is the variable part of a template. Reads the built
 * contracts (npm run build -w contracts).
 */
import { createRequire } from 'node:module';

const { smsTemplates } = createRequire(import.meta.url)('../contracts/dist/index.js');

for (const { name, language, template } of smsTemplates()) console.log(`${name}\t${language}\t${template}`);

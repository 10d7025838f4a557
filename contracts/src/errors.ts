import { z } from 'zod';

/** A text the API shows in each language. */
export const translatedSchema = z.object({ uz: z.string(), ru: z.string(), en: z.string() });

/** Every error the API answers with: a message in each language, a stable code, field errors as message keys. */
export const errorEnvelopeSchema = z.object({
  message: translatedSchema,
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** So'm the balance lacks for a purchase (402 promotionBalanceShort): the payment picker proposes it. */
  shortfall: z.number().int().positive().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

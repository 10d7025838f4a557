import { z } from 'zod';
import { translatedSchema } from './errors';
import { passwordSchema, phoneNumberSchema, smsCodeSchema, userSchema } from './user';

/** Sign-in step 1: 201 when the account was just created (password sent by SMS), 208 when it exists. */
export const loginSchema = z.object({ phoneNumber: phoneNumberSchema });

/**
 * Sign-in step 2. Any non-empty password is checked: the account's password, or the
 * 5-digit reset code, which also works as a one-time password.
 */
export const authSchema = z.object({
  phoneNumber: phoneNumberSchema,
  password: z.string({ error: 'required' }).min(1, 'required'),
});

/** `/forgot` step 1: a 5-digit code by SMS. */
export const resetPasswordSchema = z.object({ phoneNumber: phoneNumberSchema });

/** `/forgot` step 2: the code for a short-lived single-use token. */
export const checkSmsCodeSchema = z.object({ phoneNumber: phoneNumberSchema, code: smsCodeSchema });

/** `/forgot` step 3. `confirmPassword` is checked when the form sends it. */
export const resetPasswordWithTokenSchema = z
  .object({
    phoneNumber: phoneNumberSchema,
    token: z.string({ error: 'required' }).min(1, 'required'),
    password: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    message: 'passwordsNotMatch',
    path: ['confirmPassword'],
  });

/** The name an account is registered under (the registration form, and a Telegram sign-in that creates the account). */
export const accountNameSchema = z.string({ error: 'required' }).trim().min(1, 'required').min(3, 'minCharacters3').max(50, 'maxCharacters50');

/** `/register`: the account exists only after the phone is confirmed with the SMS code (registerConfirmSchema). */
export const registerSchema = z
  .object({
    name: accountNameSchema,
    phoneNumber: phoneNumberSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'required' }).min(1, 'required'),
    agree: z.literal(true, { error: 'agreeToTerms' }),
  })
  .refine((body) => body.confirmPassword === body.password, {
    message: 'passwordsNotMatch',
    path: ['confirmPassword'],
  });

export const registerConfirmSchema = z.object({ phoneNumber: phoneNumberSchema, code: smsCodeSchema });

export type LoginRequest = z.infer<typeof loginSchema>;
export type AuthRequest = z.infer<typeof authSchema>;
export type RegisterRequest = z.infer<typeof registerSchema>;

/** Answers that carry only a text to show (login step 1, reset request, logout, ...). */
export const messageResponseSchema = z.object({ message: translatedSchema });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * `/register`'s answer. `codeSentBefore`: another browser was sent a code for this number within the
 * code's lifetime; only the code sent for this page (the latest SMS) confirms it here.
 */
export const registerResponseSchema = messageResponseSchema.extend({ codeSentBefore: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Sign-in step 2 and registration confirmation: the user and the text to show; the cookie is set. */
export const signedInResponseSchema = z.object({ user: userSchema, message: translatedSchema });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

export const checkSmsCodeResponseSchema = z.object({ token: z.string() });
export type CheckSmsCodeResponse = z.infer<typeof checkSmsCodeResponseSchema>;

/**
 * What became of the last SMS (password or code) sent to a number in the last few minutes, for the
 * sign-in and reset screens: pending (on its way, no report yet), delivered, or notDelivered
 * (Eskiz refused it, or the operator reported it undelivered); null when none was sent lately.
 */
export const lastSmsQuerySchema = z.object({ phoneNumber: phoneNumberSchema });
export const lastSmsSchema = z.object({ lastSms: z.enum(['pending', 'delivered', 'notDelivered']).nullable() });
export type LastSms = z.infer<typeof lastSmsSchema>;

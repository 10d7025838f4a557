import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals SMS texts, which carry passwords and codes, for their way through the outbox and the
 * SMS queue: PostgreSQL and Redis only ever hold them sealed. AES-256-GCM with SMS_SECRET_KEY,
 * shared by the API (which seals) and the workers (which open); the phone number is
 * authenticated with the text, so a sealed password cannot be sent to another number.
 */
@Injectable()
export class SmsTextSeal {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    // Unset only outside production (the configuration requires it there), where `npm start` gives both
    // processes one; a process started alone seals with its own key, and the workers log each SMS they cannot open.
    this.key = config.SMS_SECRET_KEY ? Buffer.from(config.SMS_SECRET_KEY, 'base64') : randomBytes(32);
  }

  seal(phoneNumber: string, text: string): string {
    return sealText(this.key, phoneNumber, text);
  }

  /** The text, or null when it was not sealed for this number with this key. */
  open(phoneNumber: string, sealedText: string): string | null {
    return openText(this.key, phoneNumber, sealedText);
  }
}

/** AES-256-GCM with `key`, `context` authenticated with the text: the sealed text opens only for the same context. */
export function sealText(key: Buffer, context: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The text sealed by `sealText`, or null when it was not sealed for this context with this key. */
export function openText(key: Buffer, context: string, sealedText: string): string | null {
  const bytes = Buffer.from(sealedText, 'base64url');
  try {
    const iv = bytes.subarray(0, IV_BYTES);
    // A fixed tag length: a truncated tag would be easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES }).setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

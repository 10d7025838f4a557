import { Injectable } from '@nestjs/common';
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { imeiLast4 } from '@market/contracts';
import { openText, sealText } from '../auth/sms-text-seal';
import { AppConfig } from '../config/app-config';

const SEAL_CONTEXT = 'listing imei';

/** A listing's IMEIs as stored: never the full number in clear. */
export interface StoredImeis {
  imeiHash: string[];
  imeiSealed: string[];
  imeiLast4: string[];
}

/**
 * Keeps a listing's IMEIs (issue 22) so that buyers never get them, the duplicate check compares
 * them and moderators read them: a keyed hash (HMAC-SHA256) for equality, the number sealed with
 * AES-256-GCM for moderators, the last four digits for everyone. Both keys
 * derive from IMEI_SECRET_KEY, required in production; outside it an empty one is a fixed
 * development key, so that the hashes of a dev database still match after a restart.
 */
@Injectable()
export class ImeiSeal {
  private readonly hashKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(config: AppConfig) {
    const key = config.IMEI_SECRET_KEY ? Buffer.from(config.IMEI_SECRET_KEY, 'base64') : createHash('sha256').update('market development IMEI key').digest();
    this.hashKey = Buffer.from(hkdfSync('sha256', key, '', 'imei hash', 32));
    this.sealKey = Buffer.from(hkdfSync('sha256', key, '', 'imei seal', 32));
  }

  store(imeis: readonly string[]): StoredImeis {
    return {
      imeiHash: imeis.map((imei) => createHmac('sha256', this.hashKey).update(imei).digest('base64url')),
      imeiSealed: imeis.map((imei) => sealText(this.sealKey, SEAL_CONTEXT, imei)),
      imeiLast4: imeis.map(imeiLast4),
    };
  }

  /** The full numbers, for the author and moderators; one sealed with another key shows as its last four digits. */
  open(stored: Pick<StoredImeis, 'imeiSealed' | 'imeiLast4'>): string[] {
    return stored.imeiSealed.map((sealed, index) => openText(this.sealKey, SEAL_CONTEXT, sealed) ?? `…${stored.imeiLast4[index] ?? ''}`);
  }
}

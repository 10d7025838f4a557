import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../config/config.schema';
import { SmsTextSeal } from './sms-text-seal';

const PHONE = '998905550011';
const TEXT = 'Telefon bozor: parolingiz 73914682';
const newKey = () => randomBytes(32).toString('base64');

describe('SMS text seal', () => {
  const seal = new SmsTextSeal(loadConfig({ SMS_SECRET_KEY: newKey() }));

  it('opens what it sealed for the same number', () => {
    expect(seal.open(PHONE, seal.seal(PHONE, TEXT))).toBe(TEXT);
  });

  it('shows nothing of the text, and seals the same text differently each time', () => {
    const [first, second] = [seal.seal(PHONE, TEXT), seal.seal(PHONE, TEXT)];
    expect(first).not.toBe(second);
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain('73914682');
      expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('73914682');
    }
  });

  it('opens nothing sealed for another number, with another key, or altered', () => {
    const sealed = seal.seal(PHONE, TEXT);
    const altered = Buffer.from(sealed, 'base64url');
    altered[altered.length - 1] ^= 1;

    expect(seal.open('998905550012', sealed)).toBeNull();
    expect(new SmsTextSeal(loadConfig({ SMS_SECRET_KEY: newKey() })).open(PHONE, sealed)).toBeNull();
    expect(seal.open(PHONE, altered.toString('base64url'))).toBeNull();
    expect(seal.open(PHONE, 'not sealed')).toBeNull();
  });

  it('needs SMS_SECRET_KEY in production, as 32 bytes in base64: start-up names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_SECRET_KEY: required in production/);
    expect(() => loadConfig({ SMS_SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(/SMS_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', SMS_SECRET_KEY: newKey(), IMEI_SECRET_KEY: newKey() }).NODE_ENV).toBe('production');
  });
});

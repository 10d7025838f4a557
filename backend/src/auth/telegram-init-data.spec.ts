import { AppException } from '../common/app.exception';
import { launchFields, signInitData, signedLaunch, TEST_BOT_TOKEN } from '../../../test/support/telegram-init-data';
import { verifiedLaunchUser } from './telegram-init-data';

const DAY = 24 * 3600;
const AZIZ = { id: 5000000101, first_name: 'Aziz', last_name: 'Karimov', language_code: 'ru' };

function refusal(initData: string): string {
  try {
    verifiedLaunchUser(initData, TEST_BOT_TOKEN, DAY);
  } catch (error) {
    if (error instanceof AppException) return `${error.getStatus()} ${error.messageKey}`;
    throw error;
  }
  return 'accepted';
}

describe('Mini App initData, checked as Telegram documents', () => {
  it('accepts initData signed with our bot token and tells who opened the app', () => {
    expect(verifiedLaunchUser(signedLaunch(AZIZ), TEST_BOT_TOKEN, DAY)).toEqual({ id: AZIZ.id, name: 'Aziz Karimov', languageCode: 'ru' });
  });

  it('accepts initData a little under the configured age', () => {
    expect(refusal(signedLaunch(AZIZ, { authDate: new Date(Date.now() - (DAY - 60) * 1000) }))).toBe('accepted');
  });

  it('refuses initData with one field changed after signing', () => {
    const tampered = new URLSearchParams(signedLaunch(AZIZ));
    tampered.set('user', JSON.stringify({ ...AZIZ, id: 5000000102 }));
    expect(refusal(tampered.toString())).toBe('401 telegramLaunchInvalid');
  });

  it("refuses initData signed with another bot's token", () => {
    expect(refusal(signedLaunch(AZIZ, { botToken: '7000000002:AAanother-bot' }))).toBe('401 telegramLaunchInvalid');
  });

  it('refuses initData older than the configured age as expired', () => {
    expect(refusal(signedLaunch(AZIZ, { authDate: new Date(Date.now() - (DAY + 60) * 1000) }))).toBe('401 telegramLaunchExpired');
  });

  it('refuses initData without its hash', () => {
    const unsigned = new URLSearchParams(signedLaunch(AZIZ));
    unsigned.delete('hash');
    expect(refusal(unsigned.toString())).toBe('401 telegramLaunchInvalid');
  });

  it('refuses a key given twice, even when the signature covers both', () => {
    const twice: [string, string][] = [...launchFields(AZIZ), ['user', JSON.stringify({ ...AZIZ, id: 5000000103 })]];
    expect(refusal(signInitData(twice))).toBe('401 telegramLaunchInvalid');
  });

  it('refuses a signed initData that names no user', () => {
    expect(refusal(signInitData(launchFields(AZIZ).filter(([key]) => key !== 'user')))).toBe('401 telegramLaunchInvalid');
  });

  it('refuses what is not initData at all', () => {
    expect(refusal('hello')).toBe('401 telegramLaunchInvalid');
  });
});

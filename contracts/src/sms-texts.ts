import { LANGUAGES, type Language, type Translated } from './languages';
import { fillPlaceholders } from './messages/index';

/**
 * Every SMS the site sends, in one place: Eskiz delivers only texts the operators approved as
 * templates (`npm run sms:templates` prints them for submission), so a text changed here must
 * be approved again before it is deployed. {{name}} marks the variable part of a template.
 */
export const SMS_TEXTS = {
  password: {
    uz: 'Telefon bozor: parolingiz {{password}}',
    ru: 'Telefon bozor: ваш пароль {{password}}',
    en: 'Telefon bozor: your password is {{password}}',
  },
  code: {
    uz: 'Telefon bozor: tasdiqlash kodi {{code}}. Uni hech kimga bermang',
    ru: 'Telefon bozor: код подтверждения {{code}}. Никому его не сообщайте',
    en: 'Telefon bozor: confirmation code {{code}}. Do not share it',
  },
} as const satisfies Record<string, Translated>;

export type SmsTextName = keyof typeof SMS_TEXTS;

/** The SMS `name` in `language` with its variable parts filled in. */
export function smsText(name: SmsTextName, language: Language, params: Record<string, string | number>): string {
  return fillPlaceholders(SMS_TEXTS[name][language], params);
}

/** Whether `text` is one of the templates with its variable parts filled in (each a run of non-blank characters). */
export function matchesSmsTemplate(template: string, text: string): boolean {
  const pattern = template
    .split(/\{\{\w+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\S+');
  return new RegExp(`^${pattern}$`).test(text);
}

/** Every template in every language, as submitted to Eskiz. */
export function smsTemplates(): { name: SmsTextName; language: Language; template: string }[] {
  return (Object.keys(SMS_TEXTS) as SmsTextName[]).flatMap((name) =>
    LANGUAGES.map((language) => ({ name, language, template: SMS_TEXTS[name][language] })),
  );
}

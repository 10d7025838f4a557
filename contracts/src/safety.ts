import type { Translated } from './languages';

/**
 * The buyer's safety warning (issue 22): on the listing page in the reader's language and in
 * every channel caption in Uzbek, the channels' language. Prepayment for a phone never seen is
 * the usual scam; the SMS code is how accounts (and Payme/Click wallets) are taken over.
 */
export const SAFETY_WARNING: Translated = {
  uz: "Hech qachon oldindan pul to'lamang, SMS kodlarni hech kimga aytmang, sotuvchi bilan odamlar ko'p joyda uchrashing.",
  ru: 'Никогда не платите заранее, никому не сообщайте SMS-коды, встречайтесь с продавцом в людном месте.',
  en: 'Never pay in advance, never share SMS codes, meet the seller in a public place.',
};

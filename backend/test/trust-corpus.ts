import type { ListingCheckKind } from '@market/contracts';

/*
 * The trust corpus (issue 35): scams as people post them on Uzbek classifieds, and honest listings
 * that look like them at a glance (a box, a charger, 'karta orqali to'lov', a phone number in the
 * contact field, cheap old phones at their price). trust-corpus.spec.ts posts every one through
 * the API as its seller would and asserts that each scam carries its reason and ranks above every
 * honest listing, and that no honest listing reaches the review threshold. Prices are so'm, as
 * phones are asked for in Tashkent in late 2026.
 */

export interface CorpusListing {
  /** A catalogue model, as the catalogue names it. */
  model: string;
  price: number;
  description: string;
  /** The contact name on the listing (the seller's name otherwise). */
  authorName?: string;
  /** 'Boshqa model': typed in the model's brand instead of choosing the model. */
  typedModel?: string;
  isNew?: boolean;
}

/**
 * How a scam comes about besides its own words and price: the IMEI of another seller's listing,
 * of the scammer's own listing of another model, or of a sold listing; another seller's photo
 * saved and uploaded again; a clean listing approved, then edited (`amend`); one young account
 * posting many listings in a day.
 */
export type ScamSetup = 'imeiOfAnotherSeller' | 'imeiOfOwnOtherModel' | 'imeiOfSold' | 'photoOfAnotherSeller' | 'amendAfterApproval' | 'flood';

export interface Scam extends CorpusListing {
  /** The finding the scam must carry. */
  reason: ListingCheckKind;
  setup?: ScamSetup;
  /** For 'amendAfterApproval': what the seller changes once the listing is on sale. */
  amend?: Partial<CorpusListing>;
}

export const SCAMS: Scam[] = [
  // Bait prices: a third of what the phone costs or less, mostly from new sellers.
  { reason: 'baitPrice', model: 'Apple iPhone 13', price: 50_000, description: 'Yangi, qutisi bilan. Tez sotiladi' },
  { reason: 'baitPrice', model: 'Apple iPhone 14', price: 900_000, description: 'Ideal holatda, batareya 95%' },
  { reason: 'baitPrice', model: 'Apple iPhone 15', price: 1_200_000, description: 'Dubaydan keldi, yangi', isNew: true },
  { reason: 'baitPrice', model: 'Samsung Galaxy S23', price: 600_000, description: 'Срочно продаю, состояние отличное' },
  { reason: 'baitPrice', model: 'Samsung Galaxy A54', price: 300_000, description: 'Yaxshi holatda, hech qanday muammo yo‘q' },
  { reason: 'baitPrice', model: 'Google Pixel 7', price: 500_000, description: 'Like new, original box' },
  { reason: 'baitPrice', model: 'Xiaomi Redmi Note 13', price: 200_000, description: 'Yangi, ochilmagan', isNew: true },
  // Card numbers, however they are written.
  { reason: 'cardNumber', model: 'Apple iPhone 12', price: 4_000_000, description: "Pulni kartaga o'tkazing 8600 3104 7719 2645, keyin yuboraman" },
  { reason: 'cardNumber', model: 'Apple iPhone 11', price: 3_000_000, description: 'Humo: 9860-0112-9954-3378 ga tashlang' },
  { reason: 'cardNumber', model: 'Samsung Galaxy S22', price: 3_300_000, description: 'Карта 4169.7300.2871.5531, доставка по Узбекистану' },
  { reason: 'cardNumber', model: 'Xiaomi Poco X5', price: 1_800_000, description: 'karta raqam 5401356881200471' },
  { reason: 'cardNumber', model: 'Tecno Camon 20', price: 1_500_000, description: 'Yaxshi holatda', authorName: 'Aziz 8600 1453 2277 8101' },
  { reason: 'cardNumber', model: 'Samsung Galaxy A34', price: 2_200_000, description: 'Uzcard 8600 4921 8830 5714 Sardor' },
  { reason: 'cardNumber', model: 'Samsung Galaxy A34', price: 2_300_000, description: 'Telefon zo‘r. Band qilish uchun yarmini yuboring: 8600 4921, qolgani 8830 5714 (Sardor)' },
  { reason: 'cardNumber', model: 'Apple iPhone 12 Pro', price: 4_600_000, description: 'Карта: восемь шесть ноль ноль тридцать один ноль четыре семьдесят семь девятнадцать двадцать шесть сорок пять' },
  // Contacts that take the buyer off the site: in the description, the typed model or the contact name.
  { reason: 'contacts', model: 'Apple iPhone XR', price: 2_400_000, description: 'Batafsil t.me/arzon_iphone_uz kanalida' },
  { reason: 'contacts', model: 'Samsung Galaxy A25', price: 2_000_000, description: 'Yozing: @phone_market_tashkent' },
  { reason: 'contacts', model: 'Xiaomi Redmi Note 12', price: 1_600_000, description: 'Звоните 90 123 45 67, торг уместен' },
  { reason: 'contacts', model: 'Tecno Spark 20', price: 1_100_000, description: 'WhatsApp orqali yozing +998 (93) 765-43-21' },
  { reason: 'contacts', model: 'Samsung Galaxy A15', price: 1_300_000, description: "Qo'ng'iroq qiling: to'qson uch yetti yuz oltmish besh qirq uch yigirma bir" },
  { reason: 'contacts', model: 'Samsung Galaxy A15', price: 1_500_000, description: 'Boshqa telefonlar: www.arzon-telefon.uz' },
  { reason: 'contacts', model: 'Realme C55', price: 1_200_000, description: 'Yaxshi holatda', authorName: 'Tel 97 111 22 33' },
  { reason: 'contacts', model: 'Tecno Spark 10', price: 900_000, description: 'Holati zo‘r', typedModel: 'Spark 10 t.me/tecnouz' },
  { reason: 'contacts', model: 'Tecno Spark 20', price: 1_150_000, description: 'Подробнее в телеге, ник sotuvchi' },
  // Prepayment wording in Uzbek Latin and Cyrillic, Russian and English.
  { reason: 'bannedWords', model: 'Apple iPhone 13', price: 5_100_000, description: "Oldindan to'lov qilsangiz pochta orqali yuboraman" },
  { reason: 'bannedWords', model: 'Samsung Galaxy S21', price: 2_600_000, description: 'Avans tashlab band qilib qo‘ying' },
  { reason: 'bannedWords', model: 'Xiaomi Redmi 12', price: 1_200_000, description: 'Kartaga tashlang, taksi bilan jo‘nataman' },
  { reason: 'bannedWords', model: 'Samsung Galaxy S22', price: 3_400_000, description: "Click'ga 300 ming tashlab qo'ying, bron qilaman" },
  { reason: 'bannedWords', model: 'Apple iPhone 12', price: 4_300_000, description: 'Доставка по всему Узбекистану, на карту мне скиньте и отправлю' },
  { reason: 'bannedWords', model: 'Apple iPhone 12', price: 4_200_000, description: 'Олдиндан тўлов қилинг, эртага етказаман' },
  { reason: 'bannedWords', model: 'Samsung Galaxy A54', price: 2_800_000, description: 'Картага ташланг, почта орқали юбораман' },
  { reason: 'bannedWords', model: 'Apple iPhone 14', price: 6_400_000, description: 'Только по предоплате, отправлю из Москвы' },
  { reason: 'bannedWords', model: 'Xiaomi 13', price: 3_500_000, description: 'Переведите на карту 50% и телефон ваш' },
  { reason: 'bannedWords', model: 'Google Pixel 7', price: 2_900_000, description: 'Prepayment required, shipping from Dubai' },
  { reason: 'bannedWords', model: 'Apple iPhone 15', price: 8_500_000, description: 'Send a deposit to reserve it' },
  { reason: 'bannedWords', model: 'Samsung Galaxy S22', price: 3_400_000, description: 'Viloyatlarga ham bor. Yarim pulini yuborsangiz, ertaga jo‘nataman' },
  { reason: 'bannedWords', model: 'Apple iPhone 13', price: 5_200_000, description: 'Сначала оплата, потом отправлю телефон почтой' },
  { reason: 'bannedWords', model: 'Samsung Galaxy A54', price: 2_700_000, description: "Telefon zo'r. Faqat oldindan 30% to'lov qilsangiz jo'nataman" },
  { reason: 'bannedWords', model: 'Xiaomi Redmi 12', price: 1_300_000, description: "Viloyatlarga yuboraman, Apelsin orqali o'tkazib qo'ying" },
  { reason: 'bannedWords', model: 'Apple iPhone 12', price: 4_400_000, description: "Viloyatga pochta bor, Click 90 123 45 67 ga 200 ming o'tkazing" },
  // Sent once paid, paid before sending, a deposit to hold it, the delivery paid for first.
  { reason: 'bannedWords', model: 'Apple iPhone 13', price: 5_100_000, description: 'Отправлю в любой город после 100% оплаты' },
  { reason: 'bannedWords', model: 'Samsung Galaxy S23', price: 4_800_000, description: "Pul tushgandan keyin BTS orqali jo'nataman" },
  { reason: 'bannedWords', model: 'Apple iPhone 14', price: 6_300_000, description: 'Payment via Payme before shipping, I am in Samarkand' },
  { reason: 'bannedWords', model: 'Xiaomi Redmi Note 13', price: 1_850_000, description: 'Yangi. Bron uchun 100 ming kerak' },
  { reason: 'bannedWords', model: 'Samsung Galaxy A54', price: 2_650_000, description: "Kuryer xizmati uchun 50 ming to'lab qo'ying" },
  // The buyer's paying before the seller's sending, half now, a warning that steers the money to the seller.
  { reason: 'bannedWords', model: 'Samsung Galaxy S21', price: 3_300_000, description: "Viloyatlarga ham. To'lov qilasiz, ertaga jo'nataman" },
  { reason: 'bannedWords', model: 'Apple iPhone 12', price: 4_100_000, description: 'Отправлю в регионы, половину сейчас, остальное при получении' },
  { reason: 'bannedWords', model: 'Xiaomi 13', price: 3_900_000, description: 'Не переводите предоплату никому, кроме меня: мошенников много' },
  // The money as a condition ('without it I do not send'), a race, a handover on landing; a share in words.
  { reason: 'bannedWords', model: 'Apple iPhone 13', price: 5_000_000, description: 'Телефон в Фергане. Без предоплаты не отправляю' },
  { reason: 'bannedWords', model: 'Samsung Galaxy S23', price: 4_700_000, description: 'Pul kelsa telefon sizniki, viloyatlarga BTS bor' },
  { reason: 'bannedWords', model: 'Apple iPhone 14', price: 6_200_000, description: 'Желающих много: кто первый переведет, того и телефон' },
  { reason: 'bannedWords', model: 'Xiaomi Redmi Note 13', price: 1_800_000, description: "Oldin 200 ming tashlab turing, qolganini olganda" },
  { reason: 'bannedWords', model: 'Samsung Galaxy A54', price: 2_600_000, description: 'Bron uchun 30 foiz, qolgani uchrashganda' },
  { reason: 'bannedWords', model: 'Apple iPhone 12', price: 3_900_000, description: 'Из-за мошенников работаю только по предоплате, отправлю в регионы' },
  // Russian typed in Latin, as many here write it; a deposit needed to hold the phone.
  { reason: 'bannedWords', model: 'Samsung Galaxy S23', price: 5_400_000, description: 'Sostoyanie ideal. Dengi vpered, potom otpravka po vsemu Uzbekistanu' },
  { reason: 'bannedWords', model: 'Apple iPhone 13', price: 4_900_000, description: 'Oplata na kartu, dostavka pochtoy za 1 den' },
  { reason: 'bannedWords', model: 'Xiaomi Redmi Note 13', price: 1_900_000, description: "Xaridorlar ko'p. Bron uchun kerak, keyin ushlab turaman" },
  { reason: 'contacts', model: 'Apple iPhone 12', price: 3_800_000, description: 'Vse voprosy pishite v telegu phonedealer' },
  { reason: 'contacts', model: 'Samsung Galaxy A34', price: 2_300_000, description: 'Batafsil: @ s o t u v c h i _ u z' },
  { reason: 'contacts', model: 'Apple iPhone 12', price: 4_100_000, description: 'Ideal holatda. Yozing: ｔ．ｍｅ/arzon_iphone yoki ⑨⓪ ①②③ ④⑤ ⑥⑦' },
  { reason: 'bannedWords', model: 'Samsung Galaxy S21', price: 2_900_000, description: 'Телефон в Самарканде. Половину на карту, остальное при получении, отправлю с таксистом' },
  { reason: 'bannedWords', model: 'Xiaomi Redmi Note 12', price: 1_400_000, description: '𝐏𝐫𝐞𝐝𝐨𝐩𝐥𝐚𝐭𝐚 50%, dostavka po vsemu Uzbekistanu' },
  // The same IMEI: another seller's phone, the scammer's own phone of another model, a phone already sold.
  { reason: 'duplicateImei', setup: 'imeiOfAnotherSeller', model: 'Apple iPhone 13', price: 5_000_000, description: 'Ideal holatda, qutisi bor' },
  { reason: 'duplicateImei', setup: 'imeiOfAnotherSeller', model: 'Samsung Galaxy A34', price: 2_300_000, description: 'Yaxshi holatda' },
  { reason: 'duplicateImei', setup: 'imeiOfOwnOtherModel', model: 'Apple iPhone 14', price: 6_500_000, description: 'Xotira 128 GB, batareya 88%' },
  { reason: 'duplicateImei', setup: 'imeiOfSold', model: 'Samsung Galaxy S22', price: 3_400_000, description: 'Sotiladi, holati yaxshi' },
  // A photo of another seller's listing, saved from the site and uploaded again.
  { reason: 'reusedPhoto', setup: 'photoOfAnotherSeller', model: 'Apple iPhone 11', price: 3_200_000, description: 'Holati yaxshi, qutisi bor' },
  { reason: 'reusedPhoto', setup: 'photoOfAnotherSeller', model: 'Xiaomi Redmi Note 13', price: 1_900_000, description: 'Состояние хорошее' },
  { reason: 'reusedPhoto', setup: 'photoOfAnotherSeller', model: 'Samsung Galaxy A14', price: 1_200_000, description: 'Zaryadkasi bilan' },
  // Approved clean, then edited while on sale.
  { reason: 'cardNumber', setup: 'amendAfterApproval', model: 'Apple iPhone X', price: 1_900_000, description: 'Yaxshi holatda', amend: { description: 'Kartaga: 9860 3500 6612 0485' } },
  { reason: 'contacts', setup: 'amendAfterApproval', model: 'Samsung Galaxy A05', price: 1_000_000, description: 'Yangi kabi', amend: { description: 'Tezroq yozing t.me/sotuvchi_uz' } },
  { reason: 'bannedWords', setup: 'amendAfterApproval', model: 'Honor X8', price: 1_100_000, description: 'Holati yaxshi', amend: { description: "Oldindan to'lovsiz yubormayman" } },
  { reason: 'baitPrice', setup: 'amendAfterApproval', model: 'Apple iPhone 13', price: 5_200_000, description: 'Qutisi bilan', amend: { price: 300_000 } },
  // One account a few minutes old posting listing after listing.
  { reason: 'flood', setup: 'flood', model: 'Tecno Spark 20', price: 1_000_000, description: 'Sotiladi' },
  { reason: 'flood', setup: 'flood', model: 'Infinix Hot 30', price: 1_000_000, description: 'Sotiladi' },
  { reason: 'flood', setup: 'flood', model: 'Xiaomi Redmi 13C', price: 1_000_000, description: 'Sotiladi' },
  { reason: 'flood', setup: 'flood', model: 'vivo Y36', price: 1_000_000, description: 'Sotiladi' },
  { reason: 'flood', setup: 'flood', model: 'Oppo A78 4G', price: 1_000_000, description: 'Sotiladi' },
];

export const HONEST: CorpusListing[] = [
  { model: 'Samsung Galaxy S22', price: 3_500_000, description: 'Srochno prodayu, torg umesten. Predoplata ne nuzhna, oplata pri vstreche' },
  { model: 'Apple iPhone 13', price: 5_000_000, description: 'Dostavka po Tashkentu, oplata kurieru pri poluchenii. Pishite v telegram, otvechu' },
  { model: 'Apple iPhone 13', price: 5_200_000, description: "Ideal holatda, qutisi va zaryadkasi bor. Karta orqali to'lov ham mumkin" },
  { model: 'Apple iPhone 13', price: 4_700_000, description: 'Batareya 86%, ekranida kichik chiziq bor' },
  { model: 'Apple iPhone 11', price: 3_100_000, description: "Qutisi, zaryadkasi bor. Almashish yo'q" },
  { model: 'Apple iPhone 11', price: 2_600_000, description: 'Ekran almashtirilgan, hammasi ishlaydi' },
  { model: 'Apple iPhone 11', price: 2_900_000, description: "Oldindan pul tashlamang, ko'rib, tekshirib oling. Naqd yoki Click" },
  { model: 'Samsung Galaxy S22', price: 3_600_000, description: 'Никому не переводите деньги заранее. Оплата при встрече, можно на карту' },
  { model: 'Apple iPhone 12', price: 4_100_000, description: 'Состояние хорошее, коробка и зарядка в комплекте' },
  { model: 'Apple iPhone 14', price: 6_600_000, description: 'Garantiyasi bor, 128 GB, batareya 92%' },
  { model: 'Apple iPhone 15', price: 8_900_000, description: 'Yangi, ochilmagan, rasmiy', isNew: true },
  { model: 'Apple iPhone X', price: 1_800_000, description: "Face ID ishlaydi, batareya 79%. Naqd yoki karta orqali to'lov" },
  { model: 'Apple iPhone XR', price: 2_300_000, description: 'Qizil rang, holati yaxshi' },
  { model: 'Apple iPhone XR', price: 2_200_000, description: 'Avval 500 dollar turardi, hozir arzon. Oldin 1000 dollarga olganman' },
  { model: 'Samsung Galaxy A34', price: 2_200_000, description: "64 GB xotira kartasi va chexol tashlab beraman. Sim karta uyasi ikkita" },
  { model: 'Samsung Galaxy S21', price: 2_500_000, description: 'Zaryadkasi bilan, ekranida himoya oynasi' },
  { model: 'Samsung Galaxy S22', price: 3_500_000, description: 'Хорошее состояние, торг при встрече' },
  { model: 'Samsung Galaxy S23', price: 4_900_000, description: 'Used for a year, box and charger included, card payment possible' },
  { model: 'Samsung Galaxy A54', price: 2_700_000, description: "Qutisi bor. Telefon raqamim e'londa, qo'ng'iroq qiling" },
  { model: 'Samsung Galaxy A34', price: 2_200_000, description: 'Holati a’lo, hech qayeri ochilmagan' },
  { model: 'Samsung Galaxy A25', price: 1_950_000, description: 'Karta orqali ham to‘lasa bo‘ladi, uchrashib' },
  { model: 'Samsung Galaxy A15', price: 1_400_000, description: '128/6 GB, ikki SIM' },
  { model: 'Samsung Galaxy A14', price: 1_150_000, description: 'Yaxshi ishlaydi, zaryadka beriladi' },
  { model: 'Samsung Galaxy A05', price: 950_000, description: 'Onamga olgandim, kam ishlatilgan' },
  { model: 'Xiaomi Redmi Note 13', price: 1_900_000, description: 'Коробка, чек, зарядка. Оплата при встрече, можно картой' },
  { model: 'Xiaomi Redmi Note 12', price: 1_500_000, description: 'Holati yaxshi, 128 GB' },
  { model: 'Xiaomi Redmi 12', price: 1_150_000, description: 'Yangi kabi, qutisi bilan' },
  { model: 'Xiaomi Redmi 13C', price: 1_050_000, description: 'Bolalarga olingan, ehtiyot ishlatilgan' },
  { model: 'Xiaomi Poco X5', price: 1_850_000, description: 'O‘yin uchun zo‘r, qizimaydi' },
  { model: 'Xiaomi 13', price: 3_600_000, description: 'Leica kamera, 256 GB, qutisi bor' },
  { model: 'Google Pixel 7', price: 2_800_000, description: 'Eyeglass-clean screen, comes with a case' },
  { model: 'Tecno Spark 20', price: 1_100_000, description: 'Zaryadka va chexol bilan' },
  { model: 'Tecno Spark 10', price: 850_000, description: 'Hammasi ishlaydi' },
  { model: 'Tecno Camon 20', price: 1_450_000, description: 'Kamera yaxshi, batareya kuchli' },
  { model: 'Infinix Hot 30', price: 950_000, description: 'Yaxshi holatda, Yunusoboddan' },
  { model: 'Realme C55', price: 1_150_000, description: 'Qutisi, hujjatlari bor' },
  { model: 'Honor X8', price: 1_050_000, description: 'Экран без царапин' },
  { model: 'vivo Y36', price: 1_250_000, description: 'Ishlatilgan, lekin toza' },
  { model: 'Oppo A78 4G', price: 1_350_000, description: 'Обмен не интересует, только продажа' },
  { model: 'Apple iPhone 12', price: 3_900_000, description: 'Batareya 81%, IMEI e’londa ko‘rsatilgan' },
  { model: 'Samsung Galaxy S21', price: 2_300_000, description: 'Pochta orqali ham yuborsa bo‘ladi, to‘lov qabul qilganda' },
  { model: 'Apple iPhone 14', price: 6_200_000, description: 'Narxi 6 200 000, kelishamiz' },
  { model: 'Xiaomi Redmi Note 13', price: 1_700_000, description: 'Telegram orqali yozsangiz ham bo‘ladi, raqamim e’londa' },
  { model: 'Samsung Galaxy A54', price: 2_500_000, description: "Qo'ng'iroq qiling, Chilonzor 9-kvartal" },
  { model: 'Tecno Spark 20', price: 1_000_000, description: 'Holati yaxshi', typedModel: 'Spark 20 Pro+' },
  { model: 'Apple iPhone 11', price: 2_900_000, description: '64 GB, oq rang', authorName: 'Dilshod aka' },
  { model: 'Apple iPhone 13', price: 5_500_000, description: 'Yangi, pechati ochilmagan', isNew: true },
  { model: 'Samsung Galaxy A15', price: 1_600_000, description: 'Yangi, qutida', isNew: true },
  { model: 'Apple iPhone 12', price: 4_000_000, description: 'Отправлю почтой, оплата при получении. Батарея 87%' },
  { model: 'Xiaomi Redmi 12', price: 1_200_000, description: "Bronza rang, 20% chegirma bor, rasm yuboraman" },
  { model: 'Samsung Galaxy A34', price: 2_400_000, description: "Faqat uchrashib. Karta raqamingizni va SMS kodni hech kimga aytmang" },
  { model: 'Apple iPhone 11', price: 3_000_000, description: 'Оплачиваете на месте, я отдаю телефон с коробкой и чеком' },
  { model: 'Samsung Galaxy S22', price: 3_500_000, description: 'Без предоплаты, не переживайте: только встреча в Юнусабаде' },
  { model: 'Apple iPhone 12', price: 4_000_000, description: "Pulni olgach telefonni beraman, uchrashamiz. Kim birinchi kelsa, shunga" },
  { model: 'Xiaomi Redmi Note 12', price: 1_500_000, description: 'Pul kelsa yangi olaman, shuning uchun sotyapman. Batareya 88 foiz' },
  { model: 'Google Pixel 7', price: 2_800_000, description: 'Small nick on the corner, battery 90 percent, meet in Tashkent' },
  { model: 'Samsung Galaxy A54', price: 2_500_000, description: "Firibgarlardan ehtiyot bo'ling: oldindan pul so'raganlarga ishonmang. Uchrashib sotaman" },
  { model: 'Apple iPhone 13', price: 5_400_000, description: 'Никакой предоплаты, мошенники просят предоплату, а я продаю только при встрече' },
  { model: 'Samsung Galaxy A54', price: 2_600_000, description: "Narxi 2 600 000 so'm, karta orqali ham bo'ladi, qolganini uchrashganda gaplashamiz. ① Quti ② Zaryadka" },
];

import type { AiFilters, MustHave } from '../../../../shared/schemas/ai.ts'

/** One query of the parser's table: what a person means by it, as GET /listings filters (today is 2026-11-24). */
export interface QueryCase {
  language: 'fa' | 'en' | 'de' | 'tr' | 'it' | 'es'
  query: string
  filters: AiFilters
  must_haves?: MustHave[]
}

export const QUERY_TABLE: QueryCase[] = [
  // fa
  {
    language: 'fa',
    query: 'آپارتمان در برلین زیر ۶۰۰ یورو',
    filters: { country: 'DE', city: 'berlin', type: 'apartment', max_price: 600 },
  },
  {
    language: 'fa',
    query: 'اتاق براي خانم در كلن',
    filters: { country: 'DE', city: 'cologne', type: 'private_room', gender_pref: 'female' },
  },
  {
    language: 'fa',
    query: 'اتاق مشترک در استانبول بین ۴۰۰۰ تا ۷۰۰۰ لیر',
    filters: { country: 'TR', city: 'istanbul', type: 'shared_room', min_price: 4000, max_price: 7000 },
  },
  {
    language: 'fa',
    query: 'سوئیت کوتاه‌مدت در وین از فروردین',
    filters: { country: 'AT', city: 'vienna', type: 'apartment', term: 'short', start_date: '2027-04-20' },
  },
  {
    language: 'fa',
    query: 'خانه با قرارداد در میلان ۴۰۰ تا ۷۰۰',
    filters: { country: 'IT', city: 'milan', type: 'apartment', has_contract: true, min_price: 400, max_price: 700 },
    must_haves: ['contract'],
  },
  {
    language: 'fa',
    query: 'اتاق مبله برای آقا در پاریس حداکثر ۸۰۰ یورو',
    filters: { country: 'FR', city: 'paris', type: 'private_room', gender_pref: 'male', max_price: 800 },
    must_haves: ['furnished'],
  },
  {
    language: 'fa',
    query: 'آپارتمان بلندمدت در تورنتو',
    filters: { country: 'CA', city: 'toronto', type: 'apartment', term: 'long' },
  },
  { language: 'fa', query: 'اتاق در هلند برای ۳ ماه', filters: { country: 'NL', type: 'private_room', term: 'short' } },
  {
    language: 'fa',
    query: 'اتاق خصوصی در آمستردام از اول مارس',
    filters: { country: 'NL', city: 'amsterdam', type: 'private_room', start_date: '2027-03-31' },
  },
  {
    language: 'fa',
    query: 'دنبال اتاق در لندن هستم، بودجه ام ۹۰۰ پوند',
    filters: { country: 'GB', city: 'london', type: 'private_room', max_price: 900 },
  },
  // en
  {
    language: 'en',
    query: 'room in Berlin under 600',
    filters: { country: 'DE', city: 'berlin', type: 'private_room', max_price: 600 },
  },
  {
    language: 'en',
    query: 'Flat in Vienna between 400 and 700 euros',
    filters: { country: 'AT', city: 'vienna', type: 'apartment', min_price: 400, max_price: 700 },
  },
  {
    language: 'en',
    query: 'shared room in Madrid for a girl, up to €350',
    filters: { country: 'ES', city: 'madrid', type: 'shared_room', gender_pref: 'female', max_price: 350 },
  },
  {
    language: 'en',
    query: 'short-term studio in Munich from March',
    filters: { country: 'DE', city: 'munich', type: 'apartment', term: 'short', start_date: '2027-03-31' },
  },
  {
    language: 'en',
    query: 'apartment in Koeln with a rental contract, max 1,200 EUR',
    filters: { country: 'DE', city: 'cologne', type: 'apartment', has_contract: true, max_price: 1200 },
    must_haves: ['contract'],
  },
  {
    language: 'en',
    query: 'furnished room in a shared flat in Lyon, 450-600',
    filters: { country: 'FR', city: 'lyon', type: 'private_room', min_price: 450, max_price: 600 },
    must_haves: ['furnished'],
  },
  {
    language: 'en',
    query: 'long term place for a man in Istanbul under 15k lira',
    filters: { country: 'TR', city: 'istanbul', term: 'long', gender_pref: 'male', max_price: 15000 },
  },
  {
    language: 'en',
    query: 'cheap room in Italy at least 300',
    filters: { country: 'IT', type: 'private_room', min_price: 300 },
  },
  {
    language: 'en',
    query: 'apartment in The Hague available in January 2027',
    filters: { country: 'NL', city: 'the-hague', type: 'apartment', start_date: '2027-01-31' },
  },
  {
    language: 'en',
    query: 'private room in Dubai for 2 months',
    filters: { country: 'AE', city: 'dubai', type: 'private_room', term: 'short' },
  },
  // de
  {
    language: 'de',
    query: 'Wohnung in München unter 600 €',
    filters: { country: 'DE', city: 'munich', type: 'apartment', max_price: 600 },
  },
  {
    language: 'de',
    query: 'WG-Zimmer in Hamburg bis 800',
    filters: { country: 'DE', city: 'hamburg', type: 'private_room', max_price: 800 },
  },
  {
    language: 'de',
    query: 'Zimmer für Frauen in Wien zwischen 400 und 700 Euro',
    filters: {
      country: 'AT',
      city: 'vienna',
      type: 'private_room',
      gender_pref: 'female',
      min_price: 400,
      max_price: 700,
    },
  },
  {
    language: 'de',
    query: 'möblierte Wohnung in Köln ab März, befristet',
    filters: { country: 'DE', city: 'cologne', type: 'apartment', term: 'short', start_date: '2027-03-31' },
    must_haves: ['furnished'],
  },
  {
    language: 'de',
    query: 'Wohnung mit Mietvertrag in Düsseldorf ab 700 €',
    filters: { country: 'DE', city: 'dusseldorf', type: 'apartment', has_contract: true, min_price: 700 },
    must_haves: ['contract'],
  },
  {
    language: 'de',
    query: 'Mehrbettzimmer in Mailand für Männer',
    filters: { country: 'IT', city: 'milan', type: 'shared_room', gender_pref: 'male' },
  },
  {
    language: 'de',
    query: 'unbefristete Wohnung in Frankfurt am Main höchstens 1.500 €',
    filters: { country: 'DE', city: 'frankfurt', type: 'apartment', max_price: 1500 },
  },
  {
    language: 'de',
    query: 'Zimmer in Spanien für 3 Monate',
    filters: { country: 'ES', type: 'private_room', term: 'short' },
  },
  {
    language: 'de',
    query: 'Wohnung in Straßburg ab sofort',
    filters: { country: 'FR', city: 'strasbourg', type: 'apartment', start_date: '2026-11-24' },
  },
  {
    language: 'de',
    query: 'Einzelzimmer in Graz 300 bis 450 Euro',
    filters: { country: 'AT', city: 'graz', type: 'private_room', min_price: 300, max_price: 450 },
  },
  // tr
  {
    language: 'tr',
    query: "İstanbul'da 600'ün altında oda",
    filters: { country: 'TR', city: 'istanbul', type: 'private_room', max_price: 600 },
  },
  {
    language: 'tr',
    query: "Berlin'de kadın için oda",
    filters: { country: 'DE', city: 'berlin', type: 'private_room', gender_pref: 'female' },
  },
  {
    language: 'tr',
    query: 'Ankara 5000 ile 9000 TL arası daire',
    filters: { country: 'TR', city: 'ankara', type: 'apartment', min_price: 5000, max_price: 9000 },
  },
  {
    language: 'tr',
    query: "Viyana'da kısa dönem eşyalı stüdyo",
    filters: { country: 'AT', city: 'vienna', type: 'apartment', term: 'short' },
    must_haves: ['furnished'],
  },
  {
    language: 'tr',
    query: "İzmir'de erkek için paylaşımlı oda en fazla 4000 TL",
    filters: { country: 'TR', city: 'izmir', type: 'shared_room', gender_pref: 'male', max_price: 4000 },
  },
  {
    language: 'tr',
    query: "Münih'te sözleşmeli daire mart ayından itibaren",
    filters: { country: 'DE', city: 'munich', type: 'apartment', has_contract: true, start_date: '2027-03-31' },
    must_haves: ['contract'],
  },
  {
    language: 'tr',
    query: "Londra'da 700 sterlinden az oda",
    filters: { country: 'GB', city: 'london', type: 'private_room', max_price: 700 },
  },
  { language: 'tr', query: 'Hollanda uzun dönem daire', filters: { country: 'NL', type: 'apartment', term: 'long' } },
  {
    language: 'tr',
    query: "Roma'da özel oda 500 euro",
    filters: { country: 'IT', city: 'rome', type: 'private_room', max_price: 500 },
  },
  {
    language: 'tr',
    query: 'Antalya 3 aylık ev',
    filters: { country: 'TR', city: 'antalya', type: 'apartment', term: 'short' },
  },
  // it
  {
    language: 'it',
    query: 'stanza a Milano meno di 600',
    filters: { country: 'IT', city: 'milan', type: 'private_room', max_price: 600 },
  },
  {
    language: 'it',
    query: 'appartamento a Roma tra 800 e 1200 euro',
    filters: { country: 'IT', city: 'rome', type: 'apartment', min_price: 800, max_price: 1200 },
  },
  {
    language: 'it',
    query: 'posto letto a Bologna per ragazze',
    filters: { country: 'IT', city: 'bologna', type: 'shared_room', gender_pref: 'female' },
  },
  {
    language: 'it',
    query: 'monolocale arredato a Torino da settembre',
    filters: { country: 'IT', city: 'turin', type: 'apartment', start_date: '2027-09-30' },
    must_haves: ['furnished'],
  },
  {
    language: 'it',
    query: 'stanza singola a Padova con contratto fino a 450 €',
    filters: { country: 'IT', city: 'padua', type: 'private_room', has_contract: true, max_price: 450 },
    must_haves: ['contract'],
  },
  {
    language: 'it',
    query: 'camera per uomo a Monaco di Baviera breve termine',
    filters: { country: 'DE', city: 'munich', type: 'private_room', gender_pref: 'male', term: 'short' },
  },
  {
    language: 'it',
    query: 'appartamento a lungo termine in Spagna almeno 700',
    filters: { country: 'ES', type: 'apartment', term: 'long', min_price: 700 },
  },
  {
    language: 'it',
    query: 'stanza a Parigi per 4 mesi',
    filters: { country: 'FR', city: 'paris', type: 'private_room', term: 'short' },
  },
  {
    language: 'it',
    query: 'bilocale a Vienna da 600 a 900',
    filters: { country: 'AT', city: 'vienna', type: 'apartment', min_price: 600, max_price: 900 },
  },
  {
    language: 'it',
    query: 'casa a Londra al massimo 2000 sterline',
    filters: { country: 'GB', city: 'london', type: 'apartment', max_price: 2000 },
  },
  // es
  {
    language: 'es',
    query: 'habitación en Madrid menos de 600',
    filters: { country: 'ES', city: 'madrid', type: 'private_room', max_price: 600 },
  },
  {
    language: 'es',
    query: 'piso en Barcelona entre 900 y 1300 euros',
    filters: { country: 'ES', city: 'barcelona', type: 'apartment', min_price: 900, max_price: 1300 },
  },
  {
    language: 'es',
    query: 'habitación compartida en Valencia para chicas',
    filters: { country: 'ES', city: 'valencia', type: 'shared_room', gender_pref: 'female' },
  },
  {
    language: 'es',
    query: 'estudio amueblado en Múnich desde marzo',
    filters: { country: 'DE', city: 'munich', type: 'apartment', start_date: '2027-03-31' },
    must_haves: ['furnished'],
  },
  {
    language: 'es',
    query: 'piso con contrato en Málaga hasta 1000 €',
    filters: { country: 'ES', city: 'malaga', type: 'apartment', has_contract: true, max_price: 1000 },
    must_haves: ['contract'],
  },
  {
    language: 'es',
    query: 'habitación para hombre en Estambul a corto plazo',
    filters: { country: 'TR', city: 'istanbul', type: 'private_room', gender_pref: 'male', term: 'short' },
  },
  {
    language: 'es',
    query: 'apartamento a largo plazo en Alemania',
    filters: { country: 'DE', type: 'apartment', term: 'long' },
  },
  {
    language: 'es',
    query: 'habitación privada en Viena de 400 a 650',
    filters: { country: 'AT', city: 'vienna', type: 'private_room', min_price: 400, max_price: 650 },
  },
  {
    language: 'es',
    query: 'piso en Londres por 6 meses, máximo 1800 libras',
    filters: { country: 'GB', city: 'london', type: 'apartment', term: 'short', max_price: 1800 },
  },
  {
    language: 'es',
    query: 'habitación en Roma en enero',
    filters: { country: 'IT', city: 'rome', type: 'private_room', start_date: '2027-01-31' },
  },
  // added after a held-out check: plural and student words for women
  {
    language: 'tr',
    query: 'İstanbul’da kadınlar için oda, en fazla 15000 TL',
    filters: { country: 'TR', city: 'istanbul', type: 'private_room', gender_pref: 'female', max_price: 15000 },
  },
  {
    language: 'it',
    query: 'camera singola a Milano per studentessa',
    filters: { country: 'IT', city: 'milan', type: 'private_room', gender_pref: 'female' },
  },
  {
    language: 'en',
    query: 'cheap flat in Munich for a couple of months',
    filters: { country: 'DE', city: 'munich', type: 'apartment', term: 'short' },
  },
]

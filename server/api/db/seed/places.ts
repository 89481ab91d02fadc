import type { LocaleCode } from '../../../../shared/locales.ts'

/** A seeded city: localized names, rent ranges in the country's currency (major units) and listing share. */
export interface SeedCity {
  key: string
  names: Record<LocaleCode, string>
  popular: boolean
  rent: { room: [number, number]; apartment: [number, number] }
  weight: number
}

/** A seeded country with its currency, supported rental terms and cities. */
export interface SeedCountry {
  code: string
  flag: string
  currency: string
  supportedTerms: Array<'short' | 'long'>
  names: Record<LocaleCode, string>
  cities: SeedCity[]
}

type Names = Record<LocaleCode, string>
type Range = [number, number]

const n = (fa: string, en: string, tr: string, es: string, de: string, it: string): Names => ({ fa, en, tr, es, de, it })

const city = (key: string, names: Names, popular: boolean, room: Range, apartment: Range, weight: number): SeedCity => ({
  key,
  names,
  popular,
  rent: { room, apartment },
  weight,
})

/** The demo countries and cities; rents are 2026 monthly asking rents (Iran: full monthly rent without deposit, in rials). */
export const SEED_COUNTRIES: SeedCountry[] = [
  {
    code: 'DE',
    flag: '🇩🇪',
    currency: 'EUR',
    supportedTerms: ['short', 'long'],
    names: n('آلمان', 'Germany', 'Almanya', 'Alemania', 'Deutschland', 'Germania'),
    cities: [
      city('berlin', n('برلین', 'Berlin', 'Berlin', 'Berlín', 'Berlin', 'Berlino'), true, [450, 900], [900, 2200], 10),
      city('hamburg', n('هامبورگ', 'Hamburg', 'Hamburg', 'Hamburgo', 'Hamburg', 'Amburgo'), true, [450, 850], [850, 2000], 9),
      city('munich', n('مونیخ', 'Munich', 'Münih', 'Múnich', 'München', 'Monaco di Baviera'), true, [600, 1150], [1200, 2900], 6),
      city('frankfurt', n('فرانکفورت', 'Frankfurt', 'Frankfurt', 'Fráncfort', 'Frankfurt am Main', 'Francoforte'), false, [500, 950], [1000, 2300], 6),
      city('cologne', n('کلن', 'Cologne', 'Kolonya', 'Colonia', 'Köln', 'Colonia'), false, [450, 850], [850, 1900], 5),
      city('dusseldorf', n('دوسلدورف', 'Düsseldorf', 'Düsseldorf', 'Düsseldorf', 'Düsseldorf', 'Düsseldorf'), false, [430, 800], [800, 1800], 4),
    ],
  },
  {
    code: 'TR',
    flag: '🇹🇷',
    currency: 'TRY',
    supportedTerms: ['short', 'long'],
    names: n('ترکیه', 'Turkey', 'Türkiye', 'Turquía', 'Türkei', 'Turchia'),
    cities: [
      city('istanbul', n('استانبول', 'Istanbul', 'İstanbul', 'Estambul', 'Istanbul', 'Istanbul'), true, [12000, 30000], [28000, 90000], 10),
      city('ankara', n('آنکارا', 'Ankara', 'Ankara', 'Ankara', 'Ankara', 'Ankara'), true, [8000, 18000], [18000, 45000], 5),
      city('izmir', n('ازمیر', 'Izmir', 'İzmir', 'Esmirna', 'Izmir', 'Smirne'), true, [9000, 20000], [20000, 50000], 4),
      city('antalya', n('آنتالیا', 'Antalya', 'Antalya', 'Antalya', 'Antalya', 'Antalya'), false, [9000, 20000], [20000, 55000], 3),
      city('van', n('وان', 'Van', 'Van', 'Van', 'Van', 'Van'), false, [5000, 10000], [9000, 20000], 3),
    ],
  },
  {
    code: 'IT',
    flag: '🇮🇹',
    currency: 'EUR',
    supportedTerms: ['short', 'long'],
    names: n('ایتالیا', 'Italy', 'İtalya', 'Italia', 'Italien', 'Italia'),
    cities: [
      city('rome', n('رم', 'Rome', 'Roma', 'Roma', 'Rom', 'Roma'), true, [450, 800], [900, 2100], 4),
      city('milan', n('میلان', 'Milan', 'Milano', 'Milán', 'Mailand', 'Milano'), true, [500, 950], [1100, 2600], 5),
      city('turin', n('تورین', 'Turin', 'Torino', 'Turín', 'Turin', 'Torino'), false, [350, 600], [600, 1200], 4),
      city('bologna', n('بولونیا', 'Bologna', 'Bologna', 'Bolonia', 'Bologna', 'Bologna'), false, [450, 750], [850, 1600], 3),
      city('padua', n('پادوا', 'Padua', 'Padova', 'Padua', 'Padua', 'Padova'), false, [350, 600], [700, 1300], 2),
    ],
  },
  {
    code: 'ES',
    flag: '🇪🇸',
    currency: 'EUR',
    supportedTerms: ['short', 'long'],
    names: n('اسپانیا', 'Spain', 'İspanya', 'España', 'Spanien', 'Spagna'),
    cities: [
      city('madrid', n('مادرید', 'Madrid', 'Madrid', 'Madrid', 'Madrid', 'Madrid'), true, [450, 850], [1000, 2200], 4),
      city('barcelona', n('بارسلونا', 'Barcelona', 'Barselona', 'Barcelona', 'Barcelona', 'Barcellona'), true, [450, 900], [1000, 2300], 4),
      city('valencia', n('والنسیا', 'Valencia', 'Valensiya', 'Valencia', 'Valencia', 'Valencia'), true, [350, 650], [800, 1600], 2),
      city('malaga', n('مالاگا', 'Málaga', 'Malaga', 'Málaga', 'Málaga', 'Malaga'), false, [400, 700], [900, 1800], 2),
    ],
  },
  {
    code: 'NL',
    flag: '🇳🇱',
    currency: 'EUR',
    // Since the 2024 Affordable Rent Act new Dutch leases are open-ended by default.
    supportedTerms: ['long'],
    names: n('هلند', 'Netherlands', 'Hollanda', 'Países Bajos', 'Niederlande', 'Paesi Bassi'),
    cities: [
      city('amsterdam', n('آمستردام', 'Amsterdam', 'Amsterdam', 'Ámsterdam', 'Amsterdam', 'Amsterdam'), true, [750, 1300], [1600, 3000], 5),
      city('rotterdam', n('روتردام', 'Rotterdam', 'Rotterdam', 'Róterdam', 'Rotterdam', 'Rotterdam'), true, [550, 950], [1200, 2200], 3),
      city('the-hague', n('لاهه', 'The Hague', 'Lahey', 'La Haya', 'Den Haag', "L'Aia"), true, [550, 950], [1200, 2200], 3),
      city('utrecht', n('اوترخت', 'Utrecht', 'Utrecht', 'Utrecht', 'Utrecht', 'Utrecht'), false, [600, 1000], [1300, 2400], 2),
      city('eindhoven', n('آیندهوون', 'Eindhoven', 'Eindhoven', 'Eindhoven', 'Eindhoven', 'Eindhoven'), false, [550, 900], [1100, 2000], 3),
    ],
  },
  {
    code: 'FR',
    flag: '🇫🇷',
    currency: 'EUR',
    supportedTerms: ['short', 'long'],
    names: n('فرانسه', 'France', 'Fransa', 'Francia', 'Frankreich', 'Francia'),
    cities: [
      city('paris', n('پاریس', 'Paris', 'Paris', 'París', 'Paris', 'Parigi'), true, [600, 1100], [1200, 2800], 6),
      city('lyon', n('لیون', 'Lyon', 'Lyon', 'Lyon', 'Lyon', 'Lione'), true, [450, 750], [750, 1500], 3),
      city('toulouse', n('تولوز', 'Toulouse', 'Toulouse', 'Toulouse', 'Toulouse', 'Tolosa'), true, [400, 650], [650, 1300], 2),
      city('grenoble', n('گرونوبل', 'Grenoble', 'Grenoble', 'Grenoble', 'Grenoble', 'Grenoble'), false, [350, 600], [600, 1100], 2),
      city('strasbourg', n('استراسبورگ', 'Strasbourg', 'Strazburg', 'Estrasburgo', 'Straßburg', 'Strasburgo'), false, [380, 650], [650, 1300], 2),
    ],
  },
  {
    code: 'GB',
    flag: '🇬🇧',
    currency: 'GBP',
    supportedTerms: ['short', 'long'],
    names: n('بریتانیا', 'United Kingdom', 'Birleşik Krallık', 'Reino Unido', 'Vereinigtes Königreich', 'Regno Unito'),
    cities: [
      city('london', n('لندن', 'London', 'Londra', 'Londres', 'London', 'Londra'), true, [750, 1400], [1900, 3800], 10),
      city('manchester', n('منچستر', 'Manchester', 'Manchester', 'Mánchester', 'Manchester', 'Manchester'), true, [550, 900], [1100, 2000], 5),
      city('birmingham', n('بیرمنگام', 'Birmingham', 'Birmingham', 'Birmingham', 'Birmingham', 'Birmingham'), true, [500, 800], [900, 1700], 3),
      city('edinburgh', n('ادینبرو', 'Edinburgh', 'Edinburg', 'Edimburgo', 'Edinburgh', 'Edimburgo'), false, [600, 1000], [1200, 2200], 2),
      city('newcastle', n('نیوکاسل', 'Newcastle', 'Newcastle', 'Newcastle', 'Newcastle', 'Newcastle'), false, [450, 700], [800, 1400], 3),
    ],
  },
  {
    code: 'AT',
    flag: '🇦🇹',
    currency: 'EUR',
    supportedTerms: ['short', 'long'],
    names: n('اتریش', 'Austria', 'Avusturya', 'Austria', 'Österreich', 'Austria'),
    cities: [
      city('vienna', n('وین', 'Vienna', 'Viyana', 'Viena', 'Wien', 'Vienna'), true, [450, 800], [850, 1800], 7),
      city('graz', n('گراتس', 'Graz', 'Graz', 'Graz', 'Graz', 'Graz'), true, [380, 600], [650, 1200], 3),
      city('linz', n('لینتس', 'Linz', 'Linz', 'Linz', 'Linz', 'Linz'), true, [380, 600], [650, 1200], 2),
      city('innsbruck', n('اینسبروک', 'Innsbruck', 'Innsbruck', 'Innsbruck', 'Innsbruck', 'Innsbruck'), false, [480, 780], [900, 1700], 2),
      city('salzburg', n('سالزبورگ', 'Salzburg', 'Salzburg', 'Salzburgo', 'Salzburg', 'Salisburgo'), false, [480, 780], [950, 1800], 1),
    ],
  },
  {
    code: 'SE',
    flag: '🇸🇪',
    currency: 'SEK',
    supportedTerms: ['short', 'long'],
    names: n('سوئد', 'Sweden', 'İsveç', 'Suecia', 'Schweden', 'Svezia'),
    cities: [
      city('stockholm', n('استکهلم', 'Stockholm', 'Stockholm', 'Estocolmo', 'Stockholm', 'Stoccolma'), true, [5000, 9000], [11000, 22000], 8),
      city('gothenburg', n('گوتنبرگ', 'Gothenburg', 'Göteborg', 'Gotemburgo', 'Göteborg', 'Göteborg'), true, [4500, 7500], [9500, 17000], 6),
      city('malmo', n('مالمو', 'Malmö', 'Malmö', 'Malmö', 'Malmö', 'Malmö'), true, [4000, 6500], [8500, 15000], 4),
      city('uppsala', n('اوپسالا', 'Uppsala', 'Uppsala', 'Upsala', 'Uppsala', 'Uppsala'), false, [4000, 6500], [8500, 15000], 3),
    ],
  },
  {
    code: 'CA',
    flag: '🇨🇦',
    currency: 'CAD',
    supportedTerms: ['short', 'long'],
    names: n('کانادا', 'Canada', 'Kanada', 'Canadá', 'Kanada', 'Canada'),
    cities: [
      city('toronto', n('تورنتو', 'Toronto', 'Toronto', 'Toronto', 'Toronto', 'Toronto'), true, [900, 1500], [2100, 3600], 10),
      city('vancouver', n('ونکوور', 'Vancouver', 'Vancouver', 'Vancouver', 'Vancouver', 'Vancouver'), true, [1000, 1600], [2300, 3800], 9),
      city('montreal', n('مونترال', 'Montreal', 'Montreal', 'Montreal', 'Montreal', 'Montréal'), true, [700, 1100], [1400, 2500], 6),
      city('calgary', n('کلگری', 'Calgary', 'Calgary', 'Calgary', 'Calgary', 'Calgary'), false, [800, 1200], [1600, 2600], 3),
      city('ottawa', n('اتاوا', 'Ottawa', 'Ottawa', 'Ottawa', 'Ottawa', 'Ottawa'), false, [850, 1300], [1800, 2800], 4),
    ],
  },
  {
    code: 'IR',
    flag: '🇮🇷',
    currency: 'IRR',
    supportedTerms: ['short', 'long'],
    names: n('ایران', 'Iran', 'İran', 'Irán', 'Iran', 'Iran'),
    cities: [
      city('tehran', n('تهران', 'Tehran', 'Tahran', 'Teherán', 'Teheran', 'Teheran'), true, [50_000_000, 150_000_000], [200_000_000, 900_000_000], 9),
      city('mashhad', n('مشهد', 'Mashhad', 'Meşhed', 'Mashhad', 'Maschhad', 'Mashhad'), true, [30_000_000, 80_000_000], [100_000_000, 400_000_000], 5),
      city('isfahan', n('اصفهان', 'Isfahan', 'İsfahan', 'Isfahán', 'Isfahan', 'Isfahan'), true, [35_000_000, 90_000_000], [120_000_000, 450_000_000], 4),
      city('shiraz', n('شیراز', 'Shiraz', 'Şiraz', 'Shiraz', 'Schiras', 'Shiraz'), false, [30_000_000, 85_000_000], [110_000_000, 400_000_000], 4),
      city('tabriz', n('تبریز', 'Tabriz', 'Tebriz', 'Tabriz', 'Täbris', 'Tabriz'), false, [25_000_000, 70_000_000], [90_000_000, 320_000_000], 3),
      city('karaj', n('کرج', 'Karaj', 'Kerec', 'Karaj', 'Karadsch', 'Karaj'), false, [35_000_000, 90_000_000], [120_000_000, 400_000_000], 3),
    ],
  },
  {
    code: 'AE',
    flag: '🇦🇪',
    currency: 'AED',
    supportedTerms: ['short', 'long'],
    names: n('امارات متحده عربی', 'United Arab Emirates', 'Birleşik Arap Emirlikleri', 'Emiratos Árabes Unidos', 'Vereinigte Arabische Emirate', 'Emirati Arabi Uniti'),
    cities: [
      city('dubai', n('دبی', 'Dubai', 'Dubai', 'Dubái', 'Dubai', 'Dubai'), true, [2200, 5500], [5500, 13000], 8),
      city('abu-dhabi', n('ابوظبی', 'Abu Dhabi', 'Abu Dabi', 'Abu Dabi', 'Abu Dhabi', 'Abu Dhabi'), true, [2000, 4500], [5000, 11000], 3),
      city('sharjah', n('شارجه', 'Sharjah', 'Şarika', 'Sharjah', 'Schardscha', 'Sharjah'), true, [1500, 3000], [3500, 7000], 3),
      city('ajman', n('عجمان', 'Ajman', 'Acman', 'Ajmán', 'Adschman', 'Ajman'), false, [1200, 2500], [3000, 5500], 1),
    ],
  },
  {
    code: 'NO',
    flag: '🇳🇴',
    currency: 'NOK',
    supportedTerms: ['short', 'long'],
    names: n('نروژ', 'Norway', 'Norveç', 'Noruega', 'Norwegen', 'Norvegia'),
    cities: [
      city('oslo', n('اسلو', 'Oslo', 'Oslo', 'Oslo', 'Oslo', 'Oslo'), true, [6000, 10000], [13000, 24000], 5),
      city('bergen', n('برگن', 'Bergen', 'Bergen', 'Bergen', 'Bergen', 'Bergen'), true, [5000, 8000], [11000, 18000], 3),
      city('trondheim', n('تروندهایم', 'Trondheim', 'Trondheim', 'Trondheim', 'Trondheim', 'Trondheim'), true, [5000, 8000], [10500, 17000], 3),
      city('stavanger', n('استاوانگر', 'Stavanger', 'Stavanger', 'Stavanger', 'Stavanger', 'Stavanger'), false, [5000, 8000], [11000, 18000], 2),
    ],
  },
]

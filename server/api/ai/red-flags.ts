import type { LocaleCode } from '../../../shared/locales.ts'
import type { AiRedFlag } from '../../../shared/schemas/ai.ts'
import { normalizeSearchText as fold } from '../../../shared/text.ts'
import { aiText } from './ai-texts.ts'

// Warning signs for renters abroad (docs/decisions/021-ai-search-and-credits.md): keyword rules in the
// six languages over the listing's text, folded as search text is (case, diacritics, ی/ي, ZWNJ).

const RULES = {
  owner_abroad: [
    'owner abroad',
    'i am abroad',
    "i'm abroad",
    'currently abroad',
    'living abroad',
    'out of the country',
    'working abroad',
    'keys by post',
    'keys by mail',
    'send you the keys',
    'send the keys',
    'keys will be sent',
    'mail you the keys',
    'im ausland',
    'schlussel per post',
    'schlussel zusenden',
    'schlussel schicken',
    'schlussel mit der post',
    'yurt disindayim',
    'yurtdisindayim',
    'yurt disinda yasiyorum',
    'anahtari kargo',
    'anahtari postayla',
    'anahtar kargoyla',
    "all'estero",
    'chiavi per posta',
    'spedisco le chiavi',
    'chiavi tramite corriere',
    'spedire le chiavi',
    'en el extranjero',
    'llaves por correo',
    'enviare las llaves',
    'envio las llaves',
    'te envio las llaves',
    'خارج از کشور',
    'خارج از ایران',
    'کلید را پست',
    'کلید با پست',
    'ارسال کلید',
    'کلید را می فرستم',
    'کلید را میفرستم',
  ],
  deposit_before_viewing: [
    'deposit before viewing',
    'deposit before the viewing',
    'pay the deposit first',
    'deposit in advance',
    'pay in advance',
    'payment in advance',
    'transfer the deposit',
    'western union',
    'moneygram',
    'before viewing',
    'before you see',
    'kaution vorab',
    'kaution im voraus',
    'vor der besichtigung',
    'vorauszahlung',
    'kaution uberweisen',
    'vorab uberweisen',
    'depozitoyu once',
    'onceden odeme',
    'gormeden once',
    'kapora',
    'depozito gonder',
    'caparra prima',
    'deposito anticipato',
    'prima della visita',
    'pagamento anticipato',
    'bonifico anticipato',
    'caparra anticipata',
    'fianza por adelantado',
    'deposito antes de',
    'pago por adelantado',
    'antes de la visita',
    'antes de ver',
    'پیش از بازدید',
    'قبل از بازدید',
    'قبل از دیدن',
    'پیش پرداخت',
    'بیعانه',
    'واریز ودیعه',
    'ودیعه را واریز',
  ],
  contact_off_platform: [
    'whatsapp only',
    'only whatsapp',
    'only by email',
    'only via email',
    'only by e-mail',
    'contact me at',
    'email me at',
    'write to my email',
    'text me on whatsapp',
    'nur per whatsapp',
    'nur per e-mail',
    'nur per email',
    'schreib mir an',
    'sadece whatsapp',
    'sadece e-posta',
    'yalnizca whatsapp',
    'solo whatsapp',
    'solo via email',
    'solo per email',
    'scrivimi a',
    'solo por whatsapp',
    'solo por correo',
    'escribeme a',
    'فقط واتساپ',
    'فقط واتس اپ',
    'فقط ایمیل',
    'فقط تلگرام',
    'فقط در واتساپ',
  ],
} as const

const LETTER = '[\\p{L}\\p{N}]'
const ruleRe = (words: readonly string[]) =>
  new RegExp(
    `(?<!${LETTER})(?:${words
      .map(fold)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})(?!${LETTER})`,
    'u',
  )
const MATCHERS = Object.entries(RULES).map(([code, words]) => [code as keyof typeof RULES, ruleRe(words)] as const)
/** An e-mail address, a wa.me / t.me link or a phone number written into the text. */
const OFF_PLATFORM = /[\w.+-]+@[\w-]+\.[a-z]{2,}|\b(?:wa\.me|t\.me)\/|\+?\d[\d\s().-]{8,}\d/iu

/** Far below the median: rent under 60 % of comparable listings (with at least 3 of them). */
export const FAR_BELOW_MEDIAN = 0.6
export const MIN_SAMPLE = 3

export interface RedFlagFacts {
  /** Every text of the listing (the owner's and any translation). */
  texts: string[]
  rentEur: number | null
  medianEur: number | null
  sampleSize: number
  duplicateText: boolean
  duplicatePhotos: boolean
}

const SEVERITY: Record<AiRedFlag['code'], AiRedFlag['severity']> = {
  rent_far_below_median: 'high',
  owner_abroad: 'high',
  deposit_before_viewing: 'high',
  contact_off_platform: 'medium',
  duplicate_text: 'medium',
  duplicate_photos: 'high',
}

/** The red flags of a listing, each with its one-line reason in the reader's language. */
export function redFlagsOf(facts: RedFlagFacts, language: LocaleCode): AiRedFlag[] {
  const codes: Array<AiRedFlag['code']> = []
  if (
    facts.rentEur !== null &&
    facts.medianEur !== null &&
    facts.sampleSize >= MIN_SAMPLE &&
    facts.rentEur < facts.medianEur * FAR_BELOW_MEDIAN
  )
    codes.push('rent_far_below_median')
  const folded = facts.texts.map(fold)
  for (const [code, re] of MATCHERS) if (folded.some((t) => re.test(t))) codes.push(code)
  if (!codes.includes('contact_off_platform') && facts.texts.some((t) => OFF_PLATFORM.test(fold(t))))
    codes.push('contact_off_platform')
  if (facts.duplicateText) codes.push('duplicate_text')
  if (facts.duplicatePhotos) codes.push('duplicate_photos')
  return codes.map((code) => ({ code, severity: SEVERITY[code], reason: aiText(language, code) }))
}

import { localeInfo, type LocaleCode } from '../../../shared/locales.ts'
import { EN } from './texts/en.ts'
import { FA } from './texts/fa.ts'
import { DE } from './texts/de.ts'
import { TR } from './texts/tr.ts'
import { IT } from './texts/it.ts'
import { ES } from './texts/es.ts'

// The API has no Lingui runtime (macros are compiled into the client bundles only), so the AI's
// sentences are kept here in all six languages, as the e-mails are (identity/mail-templates.ts).
// `{name}` is replaced by a value already formatted for the reader (their digits and currency). A
// sentence about a count has a form for one and one for other counts, chosen by the language's plural
// rules (a listing, not "1 listings").

const KEYS = [
  'found',
  'none',
  'median',
  'cheapest',
  'bestFit',
  'nothingUnderstood',
  'raiseBudget',
  'lowerBudget',
  'wholeCountry',
  'anyType',
  'anyGender',
  'anyMoveIn',
  'anyTerm',
  'anyContract',
  'onlyContract',
  'roomsOnly',
  'priceUnknown',
  'priceNegotiable',
  'suspiciously_low',
  'below_market',
  'fair',
  'above_market',
  'overpriced',
  'rent_far_below_median',
  'owner_abroad',
  'deposit_before_viewing',
  'contact_off_platform',
  'duplicate_text',
  'duplicate_photos',
  'budgetOk',
  'budgetOver',
  'budgetUnder',
  'cityOk',
  'cityOther',
  'typeOk',
  'typeOther',
  'termOk',
  'termOther',
  'genderOk',
  'genderOther',
  'moveInOk',
  'moveInLate',
  'furnishedOk',
  'furnishedNo',
  'contractOk',
  'contractNo',
  'photosOk',
  'photosNo',
  'noFlags',
  'flags',
  'factRent',
  'factPrice',
  'factType',
  'factCity',
  'factTerm',
  'factMoveIn',
  'factContract',
  'factFurnished',
  'factSize',
  'factRooms',
  'factPhotos',
  'factFlags',
  'yes',
  'no',
  'now',
  'apartment',
  'private_room',
  'shared_room',
  'short',
  'long',
  'cheaperForArea',
  'fewerFlags',
  'fitsBetter',
  'even',
] as const
export type AiTextKey = (typeof KEYS)[number]

/** A sentence, or its forms for a count of one and for the other counts. */
export type AiSentence = string | { one: string; other: string }

const TEXTS: Record<LocaleCode, Record<AiTextKey, AiSentence>> = { en: EN, fa: FA, de: DE, tr: TR, it: IT, es: ES }

/**
 * A sentence in the reader's language, its `{placeholders}` filled; `count` picks the form of a
 * sentence about a count.
 */
export function aiText(
  language: LocaleCode,
  key: AiTextKey,
  values: Record<string, string | number> = {},
  count?: number,
): string {
  const sentence = TEXTS[language][key]
  const text =
    typeof sentence === 'string'
      ? sentence
      : count !== undefined && new Intl.PluralRules(localeInfo(language).language).select(count) === 'one'
        ? sentence.one
        : sentence.other
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

export const AI_TEXT_KEYS = KEYS
export const AI_TEXTS = TEXTS

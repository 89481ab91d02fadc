import type { LocaleCode } from '../../../shared/locales.ts'
import { EN } from './texts/en.ts'
import { FA } from './texts/fa.ts'
import { DE } from './texts/de.ts'
import { TR } from './texts/tr.ts'
import { IT } from './texts/it.ts'
import { ES } from './texts/es.ts'

// The API has no Lingui runtime (macros are compiled into the client bundles only), so the AI's
// sentences are kept here in all six languages, as the e-mails are (identity/mail-templates.ts).
// `{name}` is replaced by a value already formatted for the reader (their digits and currency).

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

const TEXTS: Record<LocaleCode, Record<AiTextKey, string>> = { en: EN, fa: FA, de: DE, tr: TR, it: IT, es: ES }

/** A sentence in the reader's language, its `{placeholders}` filled. */
export function aiText(language: LocaleCode, key: AiTextKey, values: Record<string, string | number> = {}): string {
  return TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

export const AI_TEXT_KEYS = KEYS
export const AI_TEXTS = TEXTS

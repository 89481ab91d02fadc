import { cap, list, type Facts, type Gender, type LanguagePack } from './language-pack.ts'

const enList = (xs: readonly string[]): string => list(xs, 'and')

/** English indefinite article before a word or number ("an 8 m² room", "an 11-room flat"). */
const enA = (s: string): string => `${/^(8|11(?!\d)|18(?!\d)|[aeio])/i.test(s) ? 'an' : 'a'} ${s}`

/** English sentences for seeded listing descriptions. */
export const en: LanguagePack = (() => {
  const flat = (f: Facts) => (f.studio ? 'studio' : `${f.n}-room flat`)
  const room = (f: Facts) => (f.sized ? `${f.s} m² room` : 'room')
  const home = (f: Facts) => (f.sized || f.apt ? flat(f) : `${f.s} m² ${flat(f)}`)
  const subj = (f: Facts) => (f.apt ? `The ${f.studio ? 'studio' : 'flat'}` : 'The room')
  const mate = (f: Facts) => `${f.genderPref === 'any' ? '' : `${f.genderPref} `}${f.shared ? 'roommate' : 'flatmate'}`
  const sharedRoom = (f: Facts) => (f.sized ? `a shared ${f.s} m² room` : 'a shared room')
  const only = (g: Gender, f: Facts) => (f.apt ? `${g} tenants` : g === 'female' ? 'women' : 'men')
  const pack: LanguagePack = {
    opening: {
      apartment: [
        (f) => `Bright ${f.s} m² ${flat(f)} for rent in ${f.c}.`,
        (f) => `I'm renting out my ${f.s} m² ${flat(f)} in ${f.c}.`,
        (f) => `Available in ${f.c}: a cosy ${flat(f)} of about ${f.s} m².`,
        (f) => `Lovely ${flat(f)} in ${f.c}, ${f.s} m², ready to move into.`,
      ],
      private_room: [
        (f) => `Private ${room(f)} for rent in ${enA(home(f))} in ${f.c}.`,
        (f) => `We're looking for a new ${mate(f)} for ${enA(room(f))} in our ${home(f)} in ${f.c}.`,
        (f) => `${cap(enA(room(f)), 'en')} in a shared ${home(f)} in ${f.c} is available soon.`,
        (f) => `${f.c}: bright ${room(f)} in a friendly ${home(f)}.`,
      ],
      shared_room: [
        (f) => `Bed available in ${sharedRoom(f)} (two people) in ${enA(home(f))} in ${f.c}.`,
        (f) => `Looking for ${enA(mate(f))} to share ${enA(room(f))} in our ${home(f)} in ${f.c}.`,
        (f) => `Budget option in ${f.c}: a place in ${sharedRoom(f)} in ${enA(home(f))}.`,
        (f) => `A bed in ${sharedRoom(f)} is free in our ${home(f)} in ${f.c}.`,
      ],
    },
    term: {
      short: [
        'Available as a short-term let for a few weeks up to a few months.',
        'Ideal for a short stay such as an internship, a language course or an exchange semester.',
        "It's a temporary rental, perfect if you're new in town and still looking for something permanent.",
      ],
      long: [
        (f) => `${f.apt ? "I'm" : "We're"} looking for someone long-term, ideally for at least a year.`,
        'Long-term rental only (minimum 12 months).',
        'Preferably for someone who wants to stay for a while.',
      ],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} is fully furnished – just bring your suitcase.`,
        (f) =>
          `${subj(f)} comes furnished (${f.apt ? 'bed, sofa, wardrobe and a fully equipped kitchen' : 'bed, wardrobe and desk'}).`,
      ],
      no: [
        (f) => `${subj(f)} is unfurnished, so you can set it up your own way.`,
        (f) => `${subj(f)} is let unfurnished${f.apt ? ', but the kitchen is fitted' : ''}.`,
      ],
    },
    termFurnished: [
      (f) =>
        `${f.furnished ? 'Fully furnished' : 'Unfurnished'} and available ${f.short ? 'for a short stay of a few weeks or months' : 'long-term (minimum one year)'}.`,
      (f) => `${f.short ? 'Short-term' : 'Long-term'} rental, ${f.furnished ? 'furnished' : 'unfurnished'}.`,
      (f) =>
        `${subj(f)} is ${f.furnished ? 'furnished' : 'unfurnished'} and let ${f.short ? 'for a short period only' : 'on a long-term basis'}.`,
    ],
    contract: {
      yes: [
        'You get a proper rental contract and can register your address here.',
        'Official tenancy agreement included, and registering at the address is no problem.',
      ],
      no: [
        "Unfortunately there's no official contract and registering at this address isn't possible.",
        "It's an informal sublet, so no contract and no address registration.",
      ],
    },
    gender: {
      female: [
        (f) =>
          f.apt
            ? 'The landlord prefers female tenants.'
            : `We'd prefer a female ${f.shared ? 'roommate' : 'flatmate'}.`,
        (f) => `${cap(only('female', f), 'en')} only, please.`,
      ],
      male: [
        (f) =>
          f.apt ? 'The landlord prefers male tenants.' : `We'd prefer a male ${f.shared ? 'roommate' : 'flatmate'}.`,
        (f) => `${cap(only('male', f), 'en')} only, please.`,
      ],
    },
    genderClosing: {
      female: [
        (f) => `${cap(only('female', f), 'en')} only – message me to arrange a viewing.`,
        (f) => `Only ${only('female', f)}, please; send me a few lines about yourself.`,
      ],
      male: [
        (f) => `${cap(only('male', f), 'en')} only – message me to arrange a viewing.`,
        (f) => `Only ${only('male', f)}, please; send me a few lines about yourself.`,
      ],
    },
    closing: [
      'Send me a message to arrange a viewing.',
      "If you're interested, write me a few lines about yourself and I'll get back to you.",
      "Video viewings are possible if you're not in town yet.",
      'Feel free to message me with any questions.',
    ],
    amenity: {
      balcony: 'a balcony',
      elevator: 'a lift',
      washing_machine: 'a washing machine',
      internet: 'fast Wi-Fi',
      parking: 'a parking space',
      garden: 'a small garden',
    },
    perk: {
      near_metro: "the metro is just a few minutes' walk away",
      near_university: 'the university is close by',
      pets_ok: 'pets are welcome',
      quiet: 'the street is really quiet',
    },
    features: (f, a, p) => {
      const has = `The ${f.studio ? 'studio' : 'flat'} has ${enList(a)}`
      if (!a.length) return `${cap(enList(p), 'en')}.`
      return p.length ? `${has} – ${enList(p)}.` : `${has}.`
    },
  }
  return pack
})()

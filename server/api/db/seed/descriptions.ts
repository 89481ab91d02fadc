import type { LocaleCode } from '../../../../shared/locales.ts'

export type SeedPropertyType = 'apartment' | 'private_room' | 'shared_room'

/** What a seeded listing description talks about; cityName is already in `language`. */
export interface DescriptionInput {
  language: LocaleCode
  type: SeedPropertyType
  cityName: string
  sizeM2: number
  rooms: number
  term: 'short' | 'long'
  furnished: boolean
  hasContract: boolean
  genderPref: 'male' | 'female' | 'any'
  features: Array<'balcony' | 'elevator' | 'washing_machine' | 'near_metro' | 'near_university' | 'internet' | 'parking' | 'garden' | 'pets_ok' | 'quiet'>
}

type Feature = DescriptionInput['features'][number]
type Amenity = 'balcony' | 'elevator' | 'washing_machine' | 'internet' | 'parking' | 'garden'
type Perk = Exclude<Feature, Amenity>
type Gender = 'male' | 'female'

/** The input plus what the templates derive from it. */
interface Facts extends DescriptionInput {
  c: string // city name
  s: number // size in m²
  n: number // rooms of the flat (at least 2 when a room of it is let)
  apt: boolean // the whole flat is let
  shared: boolean // a place in a shared room
  studio: boolean // a one-room flat
  sized: boolean // a room listing whose size is the room's own (small), not the flat's
  short: boolean
}

type Text = string | ((f: Facts) => string)

interface LanguagePack {
  opening: Record<SeedPropertyType, Text[]>
  term: Record<'short' | 'long', Text[]>
  furnished: Record<'yes' | 'no', Text[]>
  termFurnished: Text[]
  contract: Record<'yes' | 'no', Text[]>
  gender: Record<Gender, Text[]>
  genderClosing: Record<Gender, Text[]>
  closing: Text[]
  amenity: Record<Amenity, string>
  perk: Record<Perk, string>
  features: (f: Facts, amenities: string[], perks: string[]) => string
}

const AMENITIES: readonly Feature[] = ['balcony', 'elevator', 'washing_machine', 'internet', 'parking', 'garden']
const isAmenity = (x: Feature): x is Amenity => AMENITIES.includes(x)

const pick = <T>(xs: readonly T[], rand: () => number): T => xs[Math.floor(rand() * xs.length)]!

const cap = (s: string, locale: string): string => s.charAt(0).toLocaleUpperCase(locale) + s.slice(1)

/** "a, b and c" with the language's conjunction, which may depend on the next word (es y/e, it e/ed). */
function list(items: readonly string[], and: string | ((next: string) => string), comma = ', '): string {
  const last = items[items.length - 1] ?? ''
  if (items.length < 2) return last
  return `${items.slice(0, -1).join(comma)} ${typeof and === 'string' ? and : and(last)} ${last}`
}

const enList = (xs: readonly string[]): string => list(xs, 'and')
const deList = (xs: readonly string[]): string => list(xs, 'und')
const trList = (xs: readonly string[]): string => list(xs, 've')
const faList = (xs: readonly string[]): string => list(xs, 'و', '، ')
const esList = (xs: readonly string[]): string => list(xs, (next) => (/^h?i(?![aeiouáéíóú])/i.test(next) ? 'e' : 'y'))
const itList = (xs: readonly string[]): string => list(xs, (next) => (/^[eè]/i.test(next) ? 'ed' : 'e'))

/** English indefinite article before a word or number ("an 8 m² room", "an 11-room flat"). */
const enA = (s: string): string => `${/^(8|11(?!\d)|18(?!\d)|[aeio])/i.test(s) ? 'an' : 'a'} ${s}`

const en = (() => {
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
        (f) => `${subj(f)} comes furnished (${f.apt ? 'bed, sofa, wardrobe and a fully equipped kitchen' : 'bed, wardrobe and desk'}).`,
      ],
      no: [
        (f) => `${subj(f)} is unfurnished, so you can set it up your own way.`,
        (f) => `${subj(f)} is let unfurnished${f.apt ? ', but the kitchen is fitted' : ''}.`,
      ],
    },
    termFurnished: [
      (f) => `${f.furnished ? 'Fully furnished' : 'Unfurnished'} and available ${f.short ? 'for a short stay of a few weeks or months' : 'long-term (minimum one year)'}.`,
      (f) => `${f.short ? 'Short-term' : 'Long-term'} rental, ${f.furnished ? 'furnished' : 'unfurnished'}.`,
      (f) => `${subj(f)} is ${f.furnished ? 'furnished' : 'unfurnished'} and let ${f.short ? 'for a short period only' : 'on a long-term basis'}.`,
    ],
    contract: {
      yes: ['You get a proper rental contract and can register your address here.', 'Official tenancy agreement included, and registering at the address is no problem.'],
      no: ["Unfortunately there's no official contract and registering at this address isn't possible.", "It's an informal sublet, so no contract and no address registration."],
    },
    gender: {
      female: [(f) => (f.apt ? 'The landlord prefers female tenants.' : `We'd prefer a female ${f.shared ? 'roommate' : 'flatmate'}.`), (f) => `${cap(only('female', f), 'en')} only, please.`],
      male: [(f) => (f.apt ? 'The landlord prefers male tenants.' : `We'd prefer a male ${f.shared ? 'roommate' : 'flatmate'}.`), (f) => `${cap(only('male', f), 'en')} only, please.`],
    },
    genderClosing: {
      female: [(f) => `${cap(only('female', f), 'en')} only – message me to arrange a viewing.`, (f) => `Only ${only('female', f)}, please; send me a few lines about yourself.`],
      male: [(f) => `${cap(only('male', f), 'en')} only – message me to arrange a viewing.`, (f) => `Only ${only('male', f)}, please; send me a few lines about yourself.`],
    },
    closing: [
      'Send me a message to arrange a viewing.',
      "If you're interested, write me a few lines about yourself and I'll get back to you.",
      "Video viewings are possible if you're not in town yet.",
      'Feel free to message me with any questions.',
    ],
    amenity: { balcony: 'a balcony', elevator: 'a lift', washing_machine: 'a washing machine', internet: 'fast Wi-Fi', parking: 'a parking space', garden: 'a small garden' },
    perk: { near_metro: "the metro is just a few minutes' walk away", near_university: 'the university is close by', pets_ok: 'pets are welcome', quiet: 'the street is really quiet' },
    features: (f, a, p) => {
      const has = `The ${f.studio ? 'studio' : 'flat'} has ${enList(a)}`
      if (!a.length) return `${cap(enList(p), 'en')}.`
      return p.length ? `${has} – ${enList(p)}.` : `${has}.`
    },
  }
  return pack
})()

const de = (() => {
  const flat = (f: Facts) => `${f.n}-Zimmer-Wohnung`
  const du = (f: Facts) => !f.apt
  const subj = (f: Facts) => (f.apt ? 'Die Wohnung' : 'Das Zimmer')
  const inFlat = (f: Facts, det: string) => (f.sized ? `${det} ${flat(f)}` : `${det} ${f.s} m² großen ${flat(f)}`)
  const aRoom = (f: Facts) => (f.sized ? `ein ${f.s} m² großes Zimmer` : 'ein Zimmer')
  const paren = (f: Facts) => (f.sized ? ` (${f.s} m²)` : '')
  const mate = (f: Facts) => ({ female: 'eine neue Mitbewohnerin', male: 'einen neuen Mitbewohner', any: 'eine*n neue*n Mitbewohner*in' })[f.genderPref]
  const write = (f: Facts) => (du(f) ? 'schreib mir' : 'schreiben Sie mir')
  const pack: LanguagePack = {
    opening: {
      apartment: [
        (f) => `Helle ${flat(f)} mit ${f.s} m² in ${f.c} zu vermieten.`,
        (f) => `Ich vermiete meine ${f.s} m² große ${flat(f)} in ${f.c}.`,
        (f) => `In ${f.c} wird eine gemütliche ${flat(f)} mit ${f.s} m² frei.`,
        (f) => `Biete schöne ${flat(f)} (${f.s} m²) in ${f.c}.`,
      ],
      private_room: [
        (f) => `WG-Zimmer frei: ${f.sized ? `${f.s} m² großes Zimmer` : 'schönes Zimmer'} in ${inFlat(f, 'einer')} in ${f.c}.`,
        (f) => `Wir suchen ${mate(f)} für ${aRoom(f)} in ${inFlat(f, 'unserer')} in ${f.c}.`,
        (f) => `In ${inFlat(f, 'unserer')} in ${f.c} wird ${aRoom(f)} frei.`,
        (f) => `Helles WG-Zimmer${paren(f)} in ${inFlat(f, 'einer')} in ${f.c} zu vergeben.`,
      ],
      shared_room: [
        (f) => `Schlafplatz in einem geteilten Zimmer${paren(f)} in ${inFlat(f, 'einer')} in ${f.c} frei.`,
        (f) => `Wir suchen ${mate(f)} zum Teilen eines Doppelzimmers${paren(f)} in ${inFlat(f, 'unserer')} in ${f.c}.`,
        (f) => `Günstige Option in ${f.c}: Platz im Doppelzimmer${paren(f)} in ${inFlat(f, 'einer')}.`,
        (f) => `In ${f.c} ist ein Bett in einem Zweierzimmer${paren(f)} frei – die Wohnung hat ${f.n} Zimmer${f.sized ? '' : ` und ${f.s} m²`}.`,
      ],
    },
    term: {
      short: [
        'Es handelt sich um eine Zwischenmiete für ein paar Wochen bis einige Monate.',
        'Ideal für ein Praktikum, ein Auslandssemester oder einen Sprachkurs – befristet für kurze Zeit.',
        (f) => `Nur zur Zwischenmiete, also perfekt zum Ankommen in ${f.c}.`,
      ],
      long: ['Gesucht wird jemand, der langfristig bleiben möchte (mindestens ein Jahr).', 'Nur langfristige Vermietung (mindestens 12 Monate).', 'Ideal für alle, die länger bleiben möchten.'],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} ist komplett möbliert – ${du(f) ? 'du brauchst nur deinen' : 'Sie brauchen nur Ihren'} Koffer.`,
        (f) => `${subj(f)} wird möbliert vermietet (${f.apt ? 'Bett, Sofa, Schränke und Einbauküche' : 'Bett, Schrank und Schreibtisch'}).`,
      ],
      no: [
        (f) => `${subj(f)} wird unmöbliert vermietet${f.apt ? ', eine Einbauküche ist aber vorhanden' : ''}.`,
        (f) => `${subj(f)} ist unmöbliert, ${du(f) ? 'du kannst es' : 'Sie können sie'} also ganz nach ${du(f) ? 'deinem' : 'Ihrem'} Geschmack einrichten.`,
      ],
    },
    termFurnished: [
      (f) => `${subj(f)} wird ${f.furnished ? 'möbliert' : 'unmöbliert'} und ${f.short ? 'nur befristet für ein paar Monate' : 'langfristig'} vermietet.`,
      (f) => `${f.short ? 'Zwischenmiete' : 'Langfristige Vermietung'}, ${f.furnished ? 'möbliert' : 'unmöbliert'}.`,
      (f) => `${f.furnished ? 'Komplett möbliert' : 'Unmöbliert'} und ${f.short ? 'als Zwischenmiete für kurze Zeit' : 'für eine lange Mietdauer'} zu haben.`,
    ],
    contract: {
      yes: [
        'Es gibt einen richtigen Mietvertrag, und die Anmeldung ist natürlich möglich.',
        (f) => `Mietvertrag und Wohnungsgeberbestätigung für die Anmeldung ${du(f) ? 'bekommst du' : 'erhalten Sie'} selbstverständlich.`,
      ],
      no: ['Eine Anmeldung ist leider nicht möglich.', 'Leider ohne offiziellen Mietvertrag und ohne Anmeldung.'],
    },
    gender: {
      female: [
        (f) => (f.apt ? 'Die Wohnung wird bevorzugt an eine Frau vermietet.' : 'Wir sind eine reine Frauen-WG und suchen deshalb nur Frauen.'),
        (f) => (f.apt ? 'Vermietung bevorzugt an Mieterinnen.' : 'Bitte nur Bewerbungen von Frauen.'),
      ],
      male: [
        (f) => (f.apt ? 'Die Wohnung wird bevorzugt an einen Mann vermietet.' : 'Wir sind eine Männer-WG und suchen deshalb nur Männer.'),
        (f) => (f.apt ? 'Vermietung bevorzugt an männliche Mieter.' : 'Bitte nur Bewerbungen von Männern.'),
      ],
    },
    genderClosing: {
      female: [(f) => `Bitte nur Frauen – ${write(f)} gern für einen Besichtigungstermin.`, (f) => `Nur für Frauen; bei Interesse ${du(f) ? 'melde dich' : 'melden Sie sich'} einfach.`],
      male: [(f) => `Bitte nur Männer – ${write(f)} gern für einen Besichtigungstermin.`, (f) => `Nur für Männer; bei Interesse ${du(f) ? 'melde dich' : 'melden Sie sich'} einfach.`],
    },
    closing: [
      (f) => (du(f) ? 'Schreib mir gern eine kurze Nachricht mit ein paar Infos über dich!' : 'Bei Interesse freue ich mich über eine kurze Nachricht mit ein paar Infos zu Ihnen.'),
      (f) => (du(f) ? 'Besichtigung jederzeit nach Absprache – melde dich einfach.' : 'Besichtigung jederzeit nach Absprache.'),
      (f) => `Falls ${du(f) ? 'du noch nicht vor Ort bist' : 'Sie noch nicht vor Ort sind'}, ist auch eine Besichtigung per Video möglich.`,
      (f) => (du(f) ? 'Bei Fragen schreib mir einfach!' : 'Bei Fragen stehe ich gern zur Verfügung.'),
    ],
    amenity: { balcony: 'einen Balkon', elevator: 'einen Aufzug', washing_machine: 'eine Waschmaschine', internet: 'schnelles WLAN', parking: 'einen Stellplatz', garden: 'einen kleinen Garten' },
    perk: { near_metro: 'die U-Bahn ist nur wenige Gehminuten entfernt', near_university: 'die Uni ist ganz in der Nähe', pets_ok: 'Haustiere sind erlaubt', quiet: 'die Gegend ist sehr ruhig' },
    features: (_f, a, p) => {
      if (!a.length) return `${cap(deList(p), 'de')}.`
      return p.length ? `Die Wohnung hat ${deList(a)} – ${deList(p)}.` : `Die Wohnung hat ${deList(a)}.`
    },
  }
  return pack
})()

const es = (() => {
  const desc = (f: Facts) => (f.studio ? `estudio de ${f.s} m²` : `piso de ${f.s} m² con ${f.n} habitaciones`)
  const sharedFlat = (f: Facts) => (f.sized ? `piso compartido de ${f.n} habitaciones` : `piso compartido de ${f.s} m² con ${f.n} habitaciones`)
  const ourFlat = (f: Facts) => (f.sized ? `nuestro piso de ${f.n} habitaciones` : `nuestro piso de ${f.s} m² con ${f.n} habitaciones`)
  const sized = (f: Facts) => (f.sized ? ` de ${f.s} m²` : '')
  const mate = (f: Facts) => ({ female: 'una compañera', male: 'un compañero', any: 'compañero/a' })[f.genderPref]
  const subj = (f: Facts) => (f.apt ? (f.studio ? 'El estudio' : 'El piso') : 'La habitación')
  const furn = (f: Facts) => (f.apt ? 'amueblado' : 'amueblada')
  const only = (g: Gender, f: Facts) => (g === 'female' ? (f.apt ? 'Solo mujeres' : 'Solo chicas') : f.apt ? 'Solo hombres' : 'Solo chicos')
  const pack: LanguagePack = {
    opening: {
      apartment: [
        (f) => `Se alquila ${desc(f)} en ${f.c}.`,
        (f) => `Alquilo mi ${desc(f)} en ${f.c}, muy luminoso.`,
        (f) => `Disponible en ${f.c}: ${desc(f)}, listo para entrar a vivir.`,
        (f) => `Bonito ${desc(f)} en una buena zona de ${f.c}.`,
      ],
      private_room: [
        (f) => `Se alquila habitación individual${sized(f)} en un ${sharedFlat(f)} en ${f.c}.`,
        (f) => `Buscamos ${mate(f)} de piso para una habitación${sized(f)} en ${ourFlat(f)} en ${f.c}.`,
        (f) => `Queda libre una habitación${sized(f)} en un ${sharedFlat(f)} en ${f.c}.`,
        (f) => `Habitación luminosa${sized(f)} en ${f.c}, dentro de un ${sharedFlat(f)}.`,
      ],
      shared_room: [
        (f) => `Se alquila plaza en habitación compartida${sized(f)} en un ${sharedFlat(f)} en ${f.c}.`,
        (f) => `Buscamos ${mate(f)} para compartir habitación doble${sized(f)} en ${ourFlat(f)} en ${f.c}.`,
        (f) => `Opción económica en ${f.c}: cama en habitación doble${sized(f)} dentro de un ${sharedFlat(f)}.`,
        (f) => `En ${f.c} queda libre una cama en una habitación compartida${sized(f)}; el piso tiene ${f.n} habitaciones${f.sized ? '' : ` y ${f.s} m²`}.`,
      ],
    },
    term: {
      short: ['Es un alquiler temporal, de unas semanas a pocos meses.', 'Ideal para una estancia corta: prácticas, Erasmus o un curso de idiomas.', 'Solo para temporada corta, perfecto mientras buscas algo fijo.'],
      long: [
        (f) => `${f.apt ? 'Busco' : 'Buscamos'} a alguien para larga temporada, mínimo un año.`,
        'Alquiler de larga duración (mínimo 12 meses).',
        'Preferiblemente para alguien que quiera quedarse bastante tiempo.',
      ],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} está totalmente ${furn(f)}: solo tienes que traer la maleta.`,
        (f) => `${subj(f)} se alquila ${furn(f)} (${f.apt ? 'cocina equipada, cama, sofá y armarios' : 'cama, armario y escritorio'}).`,
      ],
      no: [
        (f) => `${subj(f)} se alquila sin amueblar, así que puedes decorar${f.apt ? 'lo' : 'la'} a tu gusto.`,
        (f) => `${subj(f)} está sin muebles${f.apt ? ', aunque la cocina está equipada' : ''}.`,
      ],
    },
    termFurnished: [
      (f) => `${f.furnished ? cap(furn(f), 'es') : 'Sin amueblar'} y ${f.short ? 'disponible para estancias cortas de unas semanas o meses' : 'para larga temporada (mínimo un año)'}.`,
      (f) => `${f.short ? 'Alquiler temporal' : 'Alquiler de larga duración'}; ${subj(f).toLowerCase()} ${f.furnished ? `está ${furn(f)}` : 'no tiene muebles'}.`,
      (f) => `${subj(f)} se alquila ${f.furnished ? furn(f) : 'sin amueblar'} y ${f.short ? 'solo por una temporada corta' : 'por larga temporada'}.`,
    ],
    contract: {
      yes: ['Se hace contrato de alquiler y puedes empadronarte.', 'Contrato oficial y posibilidad de empadronamiento.'],
      no: ['No hay contrato y no es posible empadronarse.', 'Lo siento, sin contrato ni empadronamiento.'],
    },
    gender: {
      female: [(f) => (f.apt ? 'Se prefiere alquilar a mujeres.' : 'Preferiblemente chica.'), (f) => `${only('female', f)}, por favor.`],
      male: [(f) => (f.apt ? 'Se prefiere alquilar a hombres.' : 'Preferiblemente chico.'), (f) => `${only('male', f)}, por favor.`],
    },
    genderClosing: {
      female: [(f) => `${only('female', f)}; escríbeme para concertar una visita.`, (f) => `${only('female', f)}, por favor: mándame un mensaje y te cuento más.`],
      male: [(f) => `${only('male', f)}; escríbeme para concertar una visita.`, (f) => `${only('male', f)}, por favor: mándame un mensaje y te cuento más.`],
    },
    closing: [
      'Escríbeme para concertar una visita.',
      'Si te interesa, mándame un mensaje contándome un poco sobre ti.',
      'Si todavía no estás en la ciudad, podemos hacer la visita por videollamada.',
      'Cualquier duda, escríbeme por privado.',
    ],
    amenity: { balcony: 'balcón', elevator: 'ascensor', washing_machine: 'lavadora', internet: 'fibra óptica', parking: 'plaza de garaje', garden: 'jardín' },
    perk: { near_metro: 'el metro está a pocos minutos andando', near_university: 'la universidad está muy cerca', pets_ok: 'se aceptan mascotas', quiet: 'la zona es muy tranquila' },
    features: (f, a, p) => {
      const has = `${f.studio ? 'El estudio' : 'El piso'} tiene ${esList(a)}`
      if (!a.length) return `${cap(esList(p), 'es')}.`
      return p.length ? `${has}; además, ${esList(p)}.` : `${has}.`
    },
  }
  return pack
})()

const it = (() => {
  const NAMES = ['monolocale', 'bilocale', 'trilocale', 'quadrilocale', 'pentalocale']
  const kind = (f: Facts) => NAMES[f.n - 1] ?? `appartamento di ${f.n} locali`
  const desc = (f: Facts) => (f.n <= NAMES.length ? `${kind(f)} di ${f.s} mq` : `appartamento di ${f.s} mq con ${f.n} locali`)
  const inCity = (c: string) => (c.startsWith("L'") ? `all'${c.slice(2)}` : `a ${c}`)
  const ofCity = (c: string) => (c.startsWith("L'") ? `dell'${c.slice(2)}` : `di ${c}`)
  const sized = (f: Facts) => (f.sized ? ` di ${f.s} mq` : '')
  const sharedFlat = (f: Facts) => `${kind(f)} condiviso${f.sized ? '' : ` di ${f.s} mq`}`
  const ourFlat = (f: Facts) => `nostro ${kind(f)}${f.sized ? '' : ` di ${f.s} mq`}`
  const mate = (f: Facts) => ({ female: 'una coinquilina', male: 'un coinquilino', any: 'un/una coinquilino/a' })[f.genderPref]
  const subj = (f: Facts) => (f.apt ? (f.studio ? 'Il monolocale' : "L'appartamento") : 'La stanza')
  const o = (f: Facts) => (f.apt ? 'o' : 'a')
  const only = (g: Gender, f: Facts) => (g === 'female' ? (f.apt ? 'Solo donne' : 'Solo ragazze') : f.apt ? 'Solo uomini' : 'Solo ragazzi')
  const pack: LanguagePack = {
    opening: {
      apartment: [
        (f) => `Affittasi ${desc(f)} ${inCity(f.c)}.`,
        (f) => `Affitto il mio ${desc(f)} ${inCity(f.c)}, molto luminoso.`,
        (f) => `Disponibile ${inCity(f.c)} un ${desc(f)}, pronto da abitare.`,
        (f) => `Grazioso ${desc(f)} in una bella zona ${ofCity(f.c)}.`,
      ],
      private_room: [
        (f) => `Affittasi stanza singola${sized(f)} in un ${sharedFlat(f)} ${inCity(f.c)}.`,
        (f) => `Cerchiamo ${mate(f)} per una stanza singola${sized(f)} nel ${ourFlat(f)} ${inCity(f.c)}.`,
        (f) => `${cap(inCity(f.c), 'it')} si libera una stanza singola${sized(f)} in un ${sharedFlat(f)}.`,
        (f) => `Stanza singola luminosa${sized(f)} ${inCity(f.c)}, in un ${sharedFlat(f)}.`,
      ],
      shared_room: [
        (f) => `Affittasi posto letto in stanza doppia${sized(f)} in un ${sharedFlat(f)} ${inCity(f.c)}.`,
        (f) => `Cerchiamo ${mate(f)} con cui condividere una stanza doppia${sized(f)} nel ${ourFlat(f)} ${inCity(f.c)}.`,
        (f) => `Soluzione economica ${inCity(f.c)}: posto letto in camera doppia${sized(f)}, in un ${sharedFlat(f)}.`,
        (f) => `${cap(inCity(f.c), 'it')} si libera un posto letto in stanza doppia${sized(f)}; la casa è un ${kind(f)}${f.sized ? '' : ` di ${f.s} mq`}.`,
      ],
    },
    term: {
      short: ['Si tratta di un affitto transitorio, da qualche settimana a pochi mesi.', 'Ideale per un soggiorno breve: tirocinio, Erasmus o corso di lingua.', 'Solo per brevi periodi, perfetto mentre cercate una sistemazione fissa.'],
      long: [(f) => `${f.apt ? 'Cerco' : 'Cerchiamo'} una persona per un periodo lungo, minimo un anno.`, 'Solo affitto a lungo termine (minimo 12 mesi).', 'Preferibilmente a chi vuole restare a lungo.'],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} è completamente arredat${o(f)}: basta portare la valigia.`,
        (f) => `${subj(f)} viene affittat${o(f)} arredat${o(f)} (${f.apt ? 'cucina attrezzata, letto, divano e armadi' : 'letto, armadio e scrivania'}).`,
      ],
      no: [
        (f) => `${subj(f)} è vuot${o(f)}, quindi potete arredarl${o(f)} come preferite.`,
        (f) => `${subj(f)} si affitta non arredat${o(f)}${f.apt ? ', ma con cucina attrezzata' : ''}.`,
      ],
    },
    termFurnished: [
      (f) => `${f.furnished ? 'A' : 'Non a'}rredat${o(f)} e disponibile ${f.short ? 'per brevi periodi, da qualche settimana a pochi mesi' : 'per affitto a lungo termine (minimo un anno)'}.`,
      (f) => `${f.short ? 'Affitto transitorio' : 'Affitto a lungo termine'}: ${subj(f).toLowerCase()} ${f.furnished ? '' : 'non '}è arredat${o(f)}.`,
      (f) => `${subj(f)} si affitta ${f.furnished ? '' : 'non '}arredat${o(f)} e ${f.short ? 'solo per brevi periodi' : 'solo a lungo termine'}.`,
    ],
    contract: {
      yes: ["Regolare contratto d'affitto e possibilità di prendere la residenza.", 'Si fa contratto regolare registrato, con possibilità di residenza.'],
      no: ['Non è previsto un contratto e non è possibile prendere la residenza.', 'Purtroppo niente contratto né residenza.'],
    },
    gender: {
      female: [(f) => (f.apt ? 'Si preferisce affittare a donne.' : 'Si accettano solo ragazze.'), (f) => (f.apt ? 'Preferibilmente a una donna.' : 'Preferibilmente ragazza.')],
      male: [(f) => (f.apt ? 'Si preferisce affittare a uomini.' : 'Si accettano solo ragazzi.'), (f) => (f.apt ? 'Preferibilmente a un uomo.' : 'Preferibilmente ragazzo.')],
    },
    genderClosing: {
      female: [(f) => `${only('female', f)}; scrivetemi per fissare una visita.`, (f) => `${only('female', f)}, grazie: per info contattatemi in privato.`],
      male: [(f) => `${only('male', f)}; scrivetemi per fissare una visita.`, (f) => `${only('male', f)}, grazie: per info contattatemi in privato.`],
    },
    closing: [
      'Per info e visite scrivetemi in privato.',
      'Se siete interessati mandatemi un messaggio con due righe su di voi.',
      'Se non siete ancora in città, possiamo fare la visita in videochiamata.',
      'Contattatemi per fissare una visita.',
    ],
    amenity: { balcony: 'balcone', elevator: 'ascensore', washing_machine: 'lavatrice', internet: 'wifi', parking: 'posto auto', garden: 'giardino' },
    perk: { near_metro: 'la metro è a pochi minuti a piedi', near_university: "l'università è vicinissima", pets_ok: 'gli animali sono ammessi', quiet: 'la zona è molto tranquilla' },
    features: (f, a, p) => {
      const has = `${f.studio ? 'Il monolocale' : "L'appartamento"} è dotato di ${itList(a)}`
      if (!a.length) return `${cap(itList(p), 'it')}.`
      return p.length ? `${has}; inoltre ${itList(p)}.` : `${has}.`
    },
  }
  return pack
})()

/** Last vowel as pronounced, for foreign names whose spelling misleads Turkish vowel harmony. */
const TR_SPOKEN_VOWEL = new Map<string, string>([
  ['Toulouse', 'a'], ['Grenoble', 'a'], ['Vancouver', 'a'], ['Manchester', 'a'], ['Newcastle', 'a'],
  ['Eindhoven', 'a'], ['Trondheim', 'a'], ['Calgary', 'e'], ['Montreal', 'e'], ['Stockholm', 'e'],
])

/** Turkish locative of a place name with apostrophe: Berlin'de, Paris'te, Ankara'da (foreign names by pronunciation). */
function trLocative(name: string): string {
  const letters = name.toLocaleLowerCase('tr')
  const vowel = TR_SPOKEN_VOWEL.get(name) ?? ([...letters].reverse().find((ch) => 'aıoueiöüâîûáéó'.includes(ch)) ?? 'e')
  const back = 'aıouâûáó'.includes(vowel)
  const hard = 'çfhkpsşt'.includes(letters.charAt(letters.length - 1))
  return `${name}'${hard ? 't' : 'd'}${back ? 'a' : 'e'}`
}

const tr = (() => {
  const flat = (f: Facts) => (f.studio ? '1+0 stüdyo daire' : `${f.n - 1}+1 daire`)
  const at = (f: Facts) => trLocative(f.c)
  const inFlat = (f: Facts) => `${f.sized ? '' : `${f.s} m² `}${f.n - 1}+1 evde`
  const inOurFlat = (f: Facts) => `${f.sized ? '' : `${f.s} m² `}${f.n - 1}+1 evimizde`
  const aRoom = (f: Facts) => (f.sized ? `${f.s} metrekarelik bir oda` : 'bir oda')
  const sz = (f: Facts) => (f.sized ? `${f.s} metrekarelik ` : '')
  const mate = (f: Facts) => `${{ female: 'kız ', male: 'erkek ', any: '' }[f.genderPref]}${f.shared ? 'oda' : 'ev'} arkadaşı`
  const subj = (f: Facts) => (f.apt ? (f.studio ? 'Stüdyo' : 'Daire') : 'Oda')
  const pack: LanguagePack = {
    opening: {
      apartment: [
        (f) => `${at(f)} ${f.s} m² kiralık ${flat(f)}.`,
        (f) => `${at(f)} bulunan ${f.s} m² ${flat(f)}mi kiraya veriyorum.`,
        (f) => `${at(f)} ferah ve aydınlık ${f.s} m² ${flat(f)} kiraya verilecektir.`,
        (f) => `${at(f)} ${f.s} m² büyüklüğünde, kullanışlı bir ${flat(f)} kiralıktır.`,
      ],
      private_room: [
        (f) => `${at(f)} ${inFlat(f)} ${aRoom(f)} kiralıktır.`,
        (f) => `${at(f)}ki ${inOurFlat(f)} boşalan ${sz(f)}oda için ${mate(f)} arıyoruz.`,
        (f) => `${at(f)} ${inFlat(f)} ${aRoom(f)} boşalıyor.`,
        (f) => `${at(f)} ${inFlat(f)} ${aRoom(f)} kiraya verilecektir; öğrenciye ve çalışana uygundur.`,
      ],
      shared_room: [
        (f) => `${at(f)} ${inFlat(f)} ${sz(f)}paylaşımlı bir odada yatak boş.`,
        (f) => `${at(f)}ki ${inOurFlat(f)} ${sz(f)}odamızı paylaşacak ${mate(f)} arıyoruz.`,
        (f) => `Uygun fiyatlı seçenek: ${at(f)} ${inFlat(f)} ${sz(f)}iki kişilik bir odada yatak.`,
        (f) => `${at(f)} ${inFlat(f)} ${sz(f)}iki kişilik odada bir yatak boşalıyor.`,
      ],
    },
    term: {
      short: ['Kısa süreli kiralık; birkaç haftadan birkaç aya kadar kalacaklar için uygun.', 'Staj, Erasmus ya da dil kursu gibi kısa konaklamalar için ideal.', 'Sadece kısa dönem için veriyorum.'],
      long: [
        (f) => `Uzun süre kalacak birini ${f.apt ? 'arıyorum' : 'arıyoruz'}, en az 1 yıl.`,
        'Sadece uzun dönem kiralama (en az 12 ay).',
        (f) => `Uzun süre kalmayı düşünen birini tercih ${f.apt ? 'ederim' : 'ederiz'}.`,
      ],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} full eşyalı, sadece valizinizi getirmeniz yeterli.`,
        (f) => `${subj(f)} eşyalı olarak kiralanıyor (${f.apt ? 'beyaz eşya ve mobilyalar' : 'yatak, dolap ve çalışma masası'} mevcut).`,
      ],
      no: [(f) => `${subj(f)} eşyasız, dilediğiniz gibi döşeyebilirsiniz.`, (f) => `${subj(f)} boş olarak kiraya verilecektir.`],
    },
    termFurnished: [
      (f) => `${f.furnished ? 'Eşyalı' : 'Eşyasız'} ve ${f.short ? 'kısa dönem (birkaç hafta ya da birkaç ay)' : 'uzun dönem (en az 1 yıl)'} için kiralıktır.`,
      (f) => `${f.short ? 'Kısa dönem' : 'Uzun dönem'} kiralık, ${f.furnished ? 'eşyalı' : 'eşyasız'}.`,
      (f) => `${subj(f)} ${f.furnished ? 'eşyalı' : 'eşyasız'} ve ${f.short ? 'sadece kısa süreliğine' : 'uzun süreli'} kiraya veriliyor.`,
    ],
    contract: {
      yes: ['Resmi kira sözleşmesi yapılır, adres kaydı da mümkün.', 'Sözleşmeli; adresinizi buraya kaydettirebilirsiniz.'],
      no: ['Resmi sözleşme yapılmıyor ve adres kaydı mümkün değil.', 'Maalesef sözleşme ve adres kaydı yok.'],
    },
    gender: {
      female: [
        (f) => (f.apt ? 'Bayan kiracı tercih edilir.' : `Sadece bayan ${f.shared ? 'oda' : 'ev'} arkadaşı arıyoruz.`),
        (f) => (f.apt ? 'Daire sadece bayanlara verilecektir.' : 'Kız öğrenci veya çalışan bayan tercih edilir.'),
      ],
      male: [
        (f) => (f.apt ? 'Erkek kiracı tercih edilir.' : `Sadece erkek ${f.shared ? 'oda' : 'ev'} arkadaşı arıyoruz.`),
        (f) => (f.apt ? 'Daire sadece erkeklere verilecektir.' : 'Erkek öğrenci veya çalışan tercih edilir.'),
      ],
    },
    genderClosing: {
      female: ['Sadece bayanlar; görmek için mesaj atabilirsiniz.', 'Sadece bayanlara; detaylar için özelden yazın.'],
      male: ['Sadece erkekler; görmek için mesaj atabilirsiniz.', 'Sadece erkeklere; detaylar için özelden yazın.'],
    },
    closing: ['Görmek için mesaj atabilirsiniz.', 'İlgilenenler kendilerini kısaca tanıtarak mesaj atabilir.', 'Şehirde değilseniz görüntülü görüşmeyle evi gösterebilirim.', 'Detaylı bilgi için özelden yazın.'],
    amenity: { balcony: 'balkon', elevator: 'asansör', washing_machine: 'çamaşır makinesi', internet: 'internet', parking: 'otopark', garden: 'bahçe' },
    perk: { near_metro: 'metro durağı yürüme mesafesinde', near_university: 'üniversite çok yakın', pets_ok: 'evcil hayvan kabul ediliyor', quiet: 'sokak oldukça sakin' },
    features: (_f, a, p) => {
      if (!a.length) return `${cap(trList(p), 'tr')}.`
      const has = `${cap(trList(a), 'tr')} mevcut`
      return p.length ? `${has}; ayrıca ${trList(p)}.` : `${has}.`
    },
  }
  return pack
})()

const fa = (() => {
  const flat = (f: Facts) => (f.studio ? `استودیو ${f.s} متری` : `آپارتمان ${f.n} اتاقه ${f.s} متری`)
  const home = (f: Facts) => `آپارتمان ${f.n} اتاقه${f.sized ? '' : ` ${f.s} متری`}`
  const room = (f: Facts) => (f.sized ? `اتاق ${f.s} متری` : 'اتاق')
  const shared = (f: Facts) => `اتاق مشترک${f.sized ? ` ${f.s} متری` : ''}`
  const double = (f: Facts) => `اتاق دو نفره${f.sized ? `‌ی ${f.s} متری` : ''}`
  const who = { female: 'خانم', male: 'آقا', any: '' }
  const mate = (f: Facts) => {
    const g = who[f.genderPref]
    return f.shared ? `هم‌اتاقی${g ? ` ${g}` : ''}` : `هم‌خانه${g ? `‌ی ${g}` : ''}`
  }
  const subj = (f: Facts) => (f.apt ? (f.studio ? 'استودیو' : 'آپارتمان') : 'اتاق')
  const pack: LanguagePack = {
    opening: {
      apartment: [
        (f) => `${flat(f)} در ${f.c} اجاره داده می‌شود.`,
        (f) => `اجاره‌ی ${flat(f)} نورگیر و تمیز در ${f.c}.`,
        (f) => `${flat(f)} خودم در ${f.c} را اجاره می‌دهم.`,
        (f) => `یک ${flat(f)} دلباز در ${f.c} آماده‌ی اجاره است.`,
      ],
      private_room: [
        (f) => `یک ${room(f)} در ${home(f)} در ${f.c} اجاره داده می‌شود.`,
        (f) => `برای یک ${room(f)} در ${home(f)}‌مان در ${f.c} دنبال ${mate(f)} هستیم.`,
        (f) => `در ${f.c} یک ${room(f)} در ${home(f)} خالی شده است.`,
        (f) => `${room(f)} نورگیر در ${home(f)} در ${f.c}، مناسب دانشجو و شاغل.`,
      ],
      shared_room: [
        (f) => `یک تخت در ${shared(f)} در ${home(f)} در ${f.c} خالی است.`,
        (f) => `در ${home(f)}‌مان در ${f.c} برای ${double(f)} دنبال ${mate(f)} هستیم.`,
        (f) => `گزینه‌ی اقتصادی در ${f.c}: یک تخت در ${double(f)} در ${home(f)}.`,
        (f) => `در ${f.c}، در یک ${home(f)}، جای یک نفر در ${shared(f)} خالی است.`,
      ],
    },
    term: {
      short: [
        'برای اقامت کوتاه‌مدت (چند هفته تا چند ماه) اجاره داده می‌شود.',
        'مناسب برای اقامت کوتاه، مثلاً دوره‌ی کارآموزی یا کلاس زبان.',
        'فقط به‌صورت موقت؛ برای کسی که تازه آمده و دنبال جای دائمی است عالی است.',
      ],
      long: ['فقط اجاره‌ی بلندمدت، حداقل یک سال.', (f) => `دنبال کسی ${f.apt ? 'هستم' : 'هستیم'} که طولانی‌مدت بماند.`, 'ترجیحاً برای کسی که قصد اقامت طولانی دارد.'],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} فول مبله است؛ فقط چمدانتان را بیاورید.`,
        (f) => `${subj(f)} با وسایل کامل (${f.apt ? 'تخت، مبل، یخچال و لوازم آشپزخانه' : 'تخت، کمد و میز تحریر'}) اجاره داده می‌شود.`,
      ],
      no: [
        (f) => `${subj(f)} خالی و بدون مبلمان است و می‌توانید به سلیقه‌ی خودتان بچینید.`,
        (f) => `${subj(f)} بدون وسایل اجاره داده می‌شود${f.apt ? '، ولی آشپزخانه کامل است' : ''}.`,
      ],
    },
    termFurnished: [
      (f) => `${f.furnished ? 'مبله' : 'بدون مبلمان'}، ${f.short ? 'برای اجاره‌ی کوتاه‌مدت (چند هفته تا چند ماه)' : 'برای اجاره‌ی بلندمدت (حداقل یک سال)'}.`,
      (f) => `${subj(f)} ${f.furnished ? 'مبله است' : 'مبله نیست'} و ${f.short ? 'فقط برای مدت کوتاه' : 'به‌صورت بلندمدت'} اجاره داده می‌شود.`,
      (f) => `اجاره‌ی ${f.short ? 'کوتاه‌مدت' : 'بلندمدت'}، ${f.furnished ? 'با وسایل' : 'بدون وسایل'}.`,
    ],
    contract: {
      yes: ['قرارداد رسمی نوشته می‌شود و امکان ثبت آدرس هم هست.', 'با قرارداد رسمی؛ می‌توانید آدرس را به نام خودتان ثبت کنید.'],
      no: ['متأسفانه قرارداد رسمی نداریم و امکان ثبت آدرس نیست.', 'بدون قرارداد رسمی و بدون امکان ثبت آدرس.'],
    },
    gender: {
      female: [(f) => (f.apt ? 'فقط به خانم‌ها اجاره داده می‌شود.' : 'فقط خانم‌ها، لطفاً.'), (f) => (f.apt ? 'ترجیحاً مستأجر خانم.' : `ترجیحاً ${mate(f)}.`)],
      male: [(f) => (f.apt ? 'فقط به آقایان اجاره داده می‌شود.' : 'فقط آقایان، لطفاً.'), (f) => (f.apt ? 'ترجیحاً مستأجر آقا.' : `ترجیحاً ${mate(f)}.`)],
    },
    genderClosing: {
      female: ['فقط خانم‌ها؛ برای هماهنگی بازدید پیام بدهید.', 'فقط خانم‌ها؛ برای اطلاعات بیشتر در خصوصی پیام بدهید.'],
      male: ['فقط آقایان؛ برای هماهنگی بازدید پیام بدهید.', 'فقط آقایان؛ برای اطلاعات بیشتر در خصوصی پیام بدهید.'],
    },
    closing: [
      'برای هماهنگی بازدید پیام بدهید.',
      'اگر علاقه‌مند هستید، لطفاً کمی از خودتان بنویسید و پیام بدهید.',
      'اگر هنوز در شهر نیستید، بازدید تصویری هم امکان‌پذیر است.',
      'برای اطلاعات بیشتر در خصوصی پیام بدهید.',
    ],
    amenity: { balcony: 'بالکن', elevator: 'آسانسور', washing_machine: 'ماشین لباسشویی', internet: 'اینترنت پرسرعت', parking: 'پارکینگ', garden: 'حیاط' },
    perk: { near_metro: 'تا ایستگاه مترو چند دقیقه پیاده راه است', near_university: 'دانشگاه نزدیک است', pets_ok: 'نگهداری حیوان خانگی مشکلی ندارد', quiet: 'محله خیلی آرام و بی‌سروصداست' },
    features: (f, a, p) => {
      if (!a.length) return `${faList(p)}.`
      const has = `${f.apt ? subj(f) : 'خانه'} ${faList(a)} دارد`
      return p.length ? `${has} و ${faList(p)}.` : `${has}.`
    },
  }
  return pack
})()

const PACKS: Record<LocaleCode, LanguagePack> = { fa, en, tr, es, de, it }

function factsOf(input: DescriptionInput): Facts {
  const apt = input.type === 'apartment'
  const rooms = Math.max(1, Math.round(input.rooms))
  const n = apt ? rooms : Math.max(2, rooms)
  const s = Math.round(input.sizeM2)
  return { ...input, c: input.cityName, s, n, apt, shared: input.type === 'shared_room', studio: apt && n === 1, sized: !apt && s <= 35, short: input.term === 'short' }
}

/** Writes a natural one-paragraph listing description (2-5 sentences) in input.language. `rand` returns [0,1). */
export function describeListing(input: DescriptionInput, rand: () => number): string {
  const pack = PACKS[input.language]
  const f = factsOf(input)
  const say = (texts: readonly Text[]): string => {
    const text = pick(texts, rand)
    return typeof text === 'string' ? text : text(f)
  }
  const wanted = [...new Set(input.features)]
  const amenities = wanted.filter(isAmenity).map((x) => pack.amenity[x])
  const perks = wanted.filter((x): x is Perk => !isAmenity(x)).map((x) => pack.perk[x])
  const features = amenities.length + perks.length > 0 ? pack.features(f, amenities, perks) : undefined
  const gender = input.genderPref === 'any' ? undefined : input.genderPref
  // opening + term/furnished + contract + closing, plus features and gender when present: 4 to 6 sentences.
  const count = 4 + (features ? 1 : 0) + (gender ? 1 : 0)

  const details =
    count === 4 && rand() < 0.6
      ? [say(pack.term[input.term]), say(pack.furnished[input.furnished ? 'yes' : 'no'])]
      : [say(pack.termFurnished)]
  const contract = say(pack.contract[input.hasContract ? 'yes' : 'no'])
  if (rand() < 0.5) details.push(contract)
  else details.unshift(contract)

  const sentences = [say(pack.opening[input.type])]
  if (features) sentences.push(features)
  sentences.push(...details)
  if (gender && (count === 6 || rand() < 0.4)) {
    sentences.push(say(pack.genderClosing[gender]))
  } else {
    if (gender) sentences.push(say(pack.gender[gender]))
    sentences.push(say(pack.closing))
  }
  return sentences.join(' ')
}

/** First names of Persian speakers in Latin script; SEED_FIRST_NAMES_FA holds the same names in the same order. */
export const SEED_FIRST_NAMES: string[] = [
  'Sara', 'Reza', 'Niloofar', 'Arash', 'Mahsa', 'Kian', 'Maryam', 'Ali', 'Shirin', 'Amir',
  'Parisa', 'Babak', 'Leila', 'Farhad', 'Nazanin', 'Behnam', 'Yasaman', 'Dariush', 'Golnaz', 'Mohammad',
  'Elham', 'Hamid', 'Roya', 'Kaveh', 'Negar', 'Saeed', 'Ladan', 'Pouya', 'Tara', 'Mehdi',
  'Bahar', 'Omid', 'Azadeh', 'Siavash', 'Fatemeh', 'Hossein', 'Mina', 'Navid', 'Ghazal', 'Peyman',
]

export const SEED_FIRST_NAMES_FA: string[] = [
  'سارا', 'رضا', 'نیلوفر', 'آرش', 'مهسا', 'کیان', 'مریم', 'علی', 'شیرین', 'امیر',
  'پریسا', 'بابک', 'لیلا', 'فرهاد', 'نازنین', 'بهنام', 'یاسمن', 'داریوش', 'گلناز', 'محمد',
  'الهام', 'حمید', 'رویا', 'کاوه', 'نگار', 'سعید', 'لادن', 'پویا', 'تارا', 'مهدی',
  'بهار', 'امید', 'آزاده', 'سیاوش', 'فاطمه', 'حسین', 'مینا', 'نوید', 'غزل', 'پیمان',
]

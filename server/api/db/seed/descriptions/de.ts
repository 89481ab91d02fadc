import { cap, list, type Facts, type LanguagePack } from './language-pack.ts'

const deList = (xs: readonly string[]): string => list(xs, 'und')

/** German sentences for seeded listing descriptions. */
export const de: LanguagePack = (() => {
  const flat = (f: Facts) => `${f.n}-Zimmer-Wohnung`
  const du = (f: Facts) => !f.apt
  const subj = (f: Facts) => (f.apt ? 'Die Wohnung' : 'Das Zimmer')
  const inFlat = (f: Facts, det: string) => (f.sized ? `${det} ${flat(f)}` : `${det} ${f.s} m² großen ${flat(f)}`)
  const aRoom = (f: Facts) => (f.sized ? `ein ${f.s} m² großes Zimmer` : 'ein Zimmer')
  const paren = (f: Facts) => (f.sized ? ` (${f.s} m²)` : '')
  const mate = (f: Facts) =>
    ({ female: 'eine neue Mitbewohnerin', male: 'einen neuen Mitbewohner', any: 'eine*n neue*n Mitbewohner*in' })[
      f.genderPref
    ]
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
        (f) =>
          `WG-Zimmer frei: ${f.sized ? `${f.s} m² großes Zimmer` : 'schönes Zimmer'} in ${inFlat(f, 'einer')} in ${f.c}.`,
        (f) => `Wir suchen ${mate(f)} für ${aRoom(f)} in ${inFlat(f, 'unserer')} in ${f.c}.`,
        (f) => `In ${inFlat(f, 'unserer')} in ${f.c} wird ${aRoom(f)} frei.`,
        (f) => `Helles WG-Zimmer${paren(f)} in ${inFlat(f, 'einer')} in ${f.c} zu vergeben.`,
      ],
      shared_room: [
        (f) => `Schlafplatz in einem geteilten Zimmer${paren(f)} in ${inFlat(f, 'einer')} in ${f.c} frei.`,
        (f) => `Wir suchen ${mate(f)} zum Teilen eines Doppelzimmers${paren(f)} in ${inFlat(f, 'unserer')} in ${f.c}.`,
        (f) => `Günstige Option in ${f.c}: Platz im Doppelzimmer${paren(f)} in ${inFlat(f, 'einer')}.`,
        (f) =>
          `In ${f.c} ist ein Bett in einem Zweierzimmer${paren(f)} frei – die Wohnung hat ${f.n} Zimmer${f.sized ? '' : ` und ${f.s} m²`}.`,
      ],
    },
    term: {
      short: [
        'Es handelt sich um eine Zwischenmiete für ein paar Wochen bis einige Monate.',
        'Ideal für ein Praktikum, ein Auslandssemester oder einen Sprachkurs – befristet für kurze Zeit.',
        (f) => `Nur zur Zwischenmiete, also perfekt zum Ankommen in ${f.c}.`,
      ],
      long: [
        'Gesucht wird jemand, der langfristig bleiben möchte (mindestens ein Jahr).',
        'Nur langfristige Vermietung (mindestens 12 Monate).',
        'Ideal für alle, die länger bleiben möchten.',
      ],
    },
    furnished: {
      yes: [
        (f) =>
          `${subj(f)} ist komplett möbliert – ${du(f) ? 'du brauchst nur deinen' : 'Sie brauchen nur Ihren'} Koffer.`,
        (f) =>
          `${subj(f)} wird möbliert vermietet (${f.apt ? 'Bett, Sofa, Schränke und Einbauküche' : 'Bett, Schrank und Schreibtisch'}).`,
      ],
      no: [
        (f) => `${subj(f)} wird unmöbliert vermietet${f.apt ? ', eine Einbauküche ist aber vorhanden' : ''}.`,
        (f) =>
          `${subj(f)} ist unmöbliert, ${du(f) ? 'du kannst es' : 'Sie können sie'} also ganz nach ${du(f) ? 'deinem' : 'Ihrem'} Geschmack einrichten.`,
      ],
    },
    termFurnished: [
      (f) =>
        `${subj(f)} wird ${f.furnished ? 'möbliert' : 'unmöbliert'} und ${f.short ? 'nur befristet für ein paar Monate' : 'langfristig'} vermietet.`,
      (f) => `${f.short ? 'Zwischenmiete' : 'Langfristige Vermietung'}, ${f.furnished ? 'möbliert' : 'unmöbliert'}.`,
      (f) =>
        `${f.furnished ? 'Komplett möbliert' : 'Unmöbliert'} und ${f.short ? 'als Zwischenmiete für kurze Zeit' : 'für eine lange Mietdauer'} zu haben.`,
    ],
    contract: {
      yes: [
        'Es gibt einen richtigen Mietvertrag, und die Anmeldung ist natürlich möglich.',
        (f) =>
          `Mietvertrag und Wohnungsgeberbestätigung für die Anmeldung ${du(f) ? 'bekommst du' : 'erhalten Sie'} selbstverständlich.`,
      ],
      no: ['Eine Anmeldung ist leider nicht möglich.', 'Leider ohne offiziellen Mietvertrag und ohne Anmeldung.'],
    },
    gender: {
      female: [
        (f) =>
          f.apt
            ? 'Die Wohnung wird bevorzugt an eine Frau vermietet.'
            : 'Wir sind eine reine Frauen-WG und suchen deshalb nur Frauen.',
        (f) => (f.apt ? 'Vermietung bevorzugt an Mieterinnen.' : 'Bitte nur Bewerbungen von Frauen.'),
      ],
      male: [
        (f) =>
          f.apt
            ? 'Die Wohnung wird bevorzugt an einen Mann vermietet.'
            : 'Wir sind eine Männer-WG und suchen deshalb nur Männer.',
        (f) => (f.apt ? 'Vermietung bevorzugt an männliche Mieter.' : 'Bitte nur Bewerbungen von Männern.'),
      ],
    },
    genderClosing: {
      female: [
        (f) => `Bitte nur Frauen – ${write(f)} gern für einen Besichtigungstermin.`,
        (f) => `Nur für Frauen; bei Interesse ${du(f) ? 'melde dich' : 'melden Sie sich'} einfach.`,
      ],
      male: [
        (f) => `Bitte nur Männer – ${write(f)} gern für einen Besichtigungstermin.`,
        (f) => `Nur für Männer; bei Interesse ${du(f) ? 'melde dich' : 'melden Sie sich'} einfach.`,
      ],
    },
    closing: [
      (f) =>
        du(f)
          ? 'Schreib mir gern eine kurze Nachricht mit ein paar Infos über dich!'
          : 'Bei Interesse freue ich mich über eine kurze Nachricht mit ein paar Infos zu Ihnen.',
      (f) =>
        du(f)
          ? 'Besichtigung jederzeit nach Absprache – melde dich einfach.'
          : 'Besichtigung jederzeit nach Absprache.',
      (f) =>
        `Falls ${du(f) ? 'du noch nicht vor Ort bist' : 'Sie noch nicht vor Ort sind'}, ist auch eine Besichtigung per Video möglich.`,
      (f) => (du(f) ? 'Bei Fragen schreib mir einfach!' : 'Bei Fragen stehe ich gern zur Verfügung.'),
    ],
    amenity: {
      balcony: 'einen Balkon',
      elevator: 'einen Aufzug',
      washing_machine: 'eine Waschmaschine',
      internet: 'schnelles WLAN',
      parking: 'einen Stellplatz',
      garden: 'einen kleinen Garten',
    },
    perk: {
      near_metro: 'die U-Bahn ist nur wenige Gehminuten entfernt',
      near_university: 'die Uni ist ganz in der Nähe',
      pets_ok: 'Haustiere sind erlaubt',
      quiet: 'die Gegend ist sehr ruhig',
    },
    features: (_f, a, p) => {
      if (!a.length) return `${cap(deList(p), 'de')}.`
      return p.length ? `Die Wohnung hat ${deList(a)} – ${deList(p)}.` : `Die Wohnung hat ${deList(a)}.`
    },
  }
  return pack
})()

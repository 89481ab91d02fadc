import { cap, list, type Facts, type Gender, type LanguagePack } from './language-pack.ts'

const itList = (xs: readonly string[]): string => list(xs, (next) => (/^[eè]/i.test(next) ? 'ed' : 'e'))

/** Italian sentences for seeded listing descriptions. */
export const it: LanguagePack = (() => {
  const NAMES = ['monolocale', 'bilocale', 'trilocale', 'quadrilocale', 'pentalocale']
  const kind = (f: Facts) => NAMES[f.n - 1] ?? `appartamento di ${f.n} locali`
  const desc = (f: Facts) =>
    f.n <= NAMES.length ? `${kind(f)} di ${f.s} mq` : `appartamento di ${f.s} mq con ${f.n} locali`
  const inCity = (c: string) => (c.startsWith("L'") ? `all'${c.slice(2)}` : `a ${c}`)
  const ofCity = (c: string) => (c.startsWith("L'") ? `dell'${c.slice(2)}` : `di ${c}`)
  const sized = (f: Facts) => (f.sized ? ` di ${f.s} mq` : '')
  const sharedFlat = (f: Facts) => `${kind(f)} condiviso${f.sized ? '' : ` di ${f.s} mq`}`
  const ourFlat = (f: Facts) => `nostro ${kind(f)}${f.sized ? '' : ` di ${f.s} mq`}`
  const mate = (f: Facts) =>
    ({ female: 'una coinquilina', male: 'un coinquilino', any: 'un/una coinquilino/a' })[f.genderPref]
  const subj = (f: Facts) => (f.apt ? (f.studio ? 'Il monolocale' : "L'appartamento") : 'La stanza')
  const o = (f: Facts) => (f.apt ? 'o' : 'a')
  const only = (g: Gender, f: Facts) =>
    g === 'female' ? (f.apt ? 'Solo donne' : 'Solo ragazze') : f.apt ? 'Solo uomini' : 'Solo ragazzi'
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
        (f) =>
          `Cerchiamo ${mate(f)} con cui condividere una stanza doppia${sized(f)} nel ${ourFlat(f)} ${inCity(f.c)}.`,
        (f) => `Soluzione economica ${inCity(f.c)}: posto letto in camera doppia${sized(f)}, in un ${sharedFlat(f)}.`,
        (f) =>
          `${cap(inCity(f.c), 'it')} si libera un posto letto in stanza doppia${sized(f)}; la casa è un ${kind(f)}${f.sized ? '' : ` di ${f.s} mq`}.`,
      ],
    },
    term: {
      short: [
        'Si tratta di un affitto transitorio, da qualche settimana a pochi mesi.',
        'Ideale per un soggiorno breve: tirocinio, Erasmus o corso di lingua.',
        'Solo per brevi periodi, perfetto mentre cercate una sistemazione fissa.',
      ],
      long: [
        (f) => `${f.apt ? 'Cerco' : 'Cerchiamo'} una persona per un periodo lungo, minimo un anno.`,
        'Solo affitto a lungo termine (minimo 12 mesi).',
        'Preferibilmente a chi vuole restare a lungo.',
      ],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} è completamente arredat${o(f)}: basta portare la valigia.`,
        (f) =>
          `${subj(f)} viene affittat${o(f)} arredat${o(f)} (${f.apt ? 'cucina attrezzata, letto, divano e armadi' : 'letto, armadio e scrivania'}).`,
      ],
      no: [
        (f) => `${subj(f)} è vuot${o(f)}, quindi potete arredarl${o(f)} come preferite.`,
        (f) => `${subj(f)} si affitta non arredat${o(f)}${f.apt ? ', ma con cucina attrezzata' : ''}.`,
      ],
    },
    termFurnished: [
      (f) =>
        `${f.furnished ? 'A' : 'Non a'}rredat${o(f)} e disponibile ${f.short ? 'per brevi periodi, da qualche settimana a pochi mesi' : 'per affitto a lungo termine (minimo un anno)'}.`,
      (f) =>
        `${f.short ? 'Affitto transitorio' : 'Affitto a lungo termine'}: ${subj(f).toLowerCase()} ${f.furnished ? '' : 'non '}è arredat${o(f)}.`,
      (f) =>
        `${subj(f)} si affitta ${f.furnished ? '' : 'non '}arredat${o(f)} e ${f.short ? 'solo per brevi periodi' : 'solo a lungo termine'}.`,
    ],
    contract: {
      yes: [
        "Regolare contratto d'affitto e possibilità di prendere la residenza.",
        'Si fa contratto regolare registrato, con possibilità di residenza.',
      ],
      no: [
        'Non è previsto un contratto e non è possibile prendere la residenza.',
        'Purtroppo niente contratto né residenza.',
      ],
    },
    gender: {
      female: [
        (f) => (f.apt ? 'Si preferisce affittare a donne.' : 'Si accettano solo ragazze.'),
        (f) => (f.apt ? 'Preferibilmente a una donna.' : 'Preferibilmente ragazza.'),
      ],
      male: [
        (f) => (f.apt ? 'Si preferisce affittare a uomini.' : 'Si accettano solo ragazzi.'),
        (f) => (f.apt ? 'Preferibilmente a un uomo.' : 'Preferibilmente ragazzo.'),
      ],
    },
    genderClosing: {
      female: [
        (f) => `${only('female', f)}; scrivetemi per fissare una visita.`,
        (f) => `${only('female', f)}, grazie: per info contattatemi in privato.`,
      ],
      male: [
        (f) => `${only('male', f)}; scrivetemi per fissare una visita.`,
        (f) => `${only('male', f)}, grazie: per info contattatemi in privato.`,
      ],
    },
    closing: [
      'Per info e visite scrivetemi in privato.',
      'Se siete interessati mandatemi un messaggio con due righe su di voi.',
      'Se non siete ancora in città, possiamo fare la visita in videochiamata.',
      'Contattatemi per fissare una visita.',
    ],
    amenity: {
      balcony: 'balcone',
      elevator: 'ascensore',
      washing_machine: 'lavatrice',
      internet: 'wifi',
      parking: 'posto auto',
      garden: 'giardino',
    },
    perk: {
      near_metro: 'la metro è a pochi minuti a piedi',
      near_university: "l'università è vicinissima",
      pets_ok: 'gli animali sono ammessi',
      quiet: 'la zona è molto tranquilla',
    },
    features: (f, a, p) => {
      const has = `${f.studio ? 'Il monolocale' : "L'appartamento"} è dotato di ${itList(a)}`
      if (!a.length) return `${cap(itList(p), 'it')}.`
      return p.length ? `${has}; inoltre ${itList(p)}.` : `${has}.`
    },
  }
  return pack
})()

/** Last vowel as pronounced, for foreign names whose spelling misleads Turkish vowel harmony. */

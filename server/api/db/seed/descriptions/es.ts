import { cap, list, type Facts, type Gender, type LanguagePack } from './language-pack.ts'

const esList = (xs: readonly string[]): string => list(xs, (next) => (/^h?i(?![aeiouáéíóú])/i.test(next) ? 'e' : 'y'))

/** Spanish sentences for seeded listing descriptions. */
export const es: LanguagePack = (() => {
  const desc = (f: Facts) => (f.studio ? `estudio de ${f.s} m²` : `piso de ${f.s} m² con ${f.n} habitaciones`)
  const sharedFlat = (f: Facts) =>
    f.sized ? `piso compartido de ${f.n} habitaciones` : `piso compartido de ${f.s} m² con ${f.n} habitaciones`
  const ourFlat = (f: Facts) =>
    f.sized ? `nuestro piso de ${f.n} habitaciones` : `nuestro piso de ${f.s} m² con ${f.n} habitaciones`
  const sized = (f: Facts) => (f.sized ? ` de ${f.s} m²` : '')
  const mate = (f: Facts) => ({ female: 'una compañera', male: 'un compañero', any: 'compañero/a' })[f.genderPref]
  const subj = (f: Facts) => (f.apt ? (f.studio ? 'El estudio' : 'El piso') : 'La habitación')
  const furn = (f: Facts) => (f.apt ? 'amueblado' : 'amueblada')
  const only = (g: Gender, f: Facts) =>
    g === 'female' ? (f.apt ? 'Solo mujeres' : 'Solo chicas') : f.apt ? 'Solo hombres' : 'Solo chicos'
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
        (f) =>
          `En ${f.c} queda libre una cama en una habitación compartida${sized(f)}; el piso tiene ${f.n} habitaciones${f.sized ? '' : ` y ${f.s} m²`}.`,
      ],
    },
    term: {
      short: [
        'Es un alquiler temporal, de unas semanas a pocos meses.',
        'Ideal para una estancia corta: prácticas, Erasmus o un curso de idiomas.',
        'Solo para temporada corta, perfecto mientras buscas algo fijo.',
      ],
      long: [
        (f) => `${f.apt ? 'Busco' : 'Buscamos'} a alguien para larga temporada, mínimo un año.`,
        'Alquiler de larga duración (mínimo 12 meses).',
        'Preferiblemente para alguien que quiera quedarse bastante tiempo.',
      ],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} está totalmente ${furn(f)}: solo tienes que traer la maleta.`,
        (f) =>
          `${subj(f)} se alquila ${furn(f)} (${f.apt ? 'cocina equipada, cama, sofá y armarios' : 'cama, armario y escritorio'}).`,
      ],
      no: [
        (f) => `${subj(f)} se alquila sin amueblar, así que puedes decorar${f.apt ? 'lo' : 'la'} a tu gusto.`,
        (f) => `${subj(f)} está sin muebles${f.apt ? ', aunque la cocina está equipada' : ''}.`,
      ],
    },
    termFurnished: [
      (f) =>
        `${f.furnished ? cap(furn(f), 'es') : 'Sin amueblar'} y ${f.short ? 'disponible para estancias cortas de unas semanas o meses' : 'para larga temporada (mínimo un año)'}.`,
      (f) =>
        `${f.short ? 'Alquiler temporal' : 'Alquiler de larga duración'}; ${subj(f).toLowerCase()} ${f.furnished ? `está ${furn(f)}` : 'no tiene muebles'}.`,
      (f) =>
        `${subj(f)} se alquila ${f.furnished ? furn(f) : 'sin amueblar'} y ${f.short ? 'solo por una temporada corta' : 'por larga temporada'}.`,
    ],
    contract: {
      yes: [
        'Se hace contrato de alquiler y puedes empadronarte.',
        'Contrato oficial y posibilidad de empadronamiento.',
      ],
      no: ['No hay contrato y no es posible empadronarse.', 'Lo siento, sin contrato ni empadronamiento.'],
    },
    gender: {
      female: [
        (f) => (f.apt ? 'Se prefiere alquilar a mujeres.' : 'Preferiblemente chica.'),
        (f) => `${only('female', f)}, por favor.`,
      ],
      male: [
        (f) => (f.apt ? 'Se prefiere alquilar a hombres.' : 'Preferiblemente chico.'),
        (f) => `${only('male', f)}, por favor.`,
      ],
    },
    genderClosing: {
      female: [
        (f) => `${only('female', f)}; escríbeme para concertar una visita.`,
        (f) => `${only('female', f)}, por favor: mándame un mensaje y te cuento más.`,
      ],
      male: [
        (f) => `${only('male', f)}; escríbeme para concertar una visita.`,
        (f) => `${only('male', f)}, por favor: mándame un mensaje y te cuento más.`,
      ],
    },
    closing: [
      'Escríbeme para concertar una visita.',
      'Si te interesa, mándame un mensaje contándome un poco sobre ti.',
      'Si todavía no estás en la ciudad, podemos hacer la visita por videollamada.',
      'Cualquier duda, escríbeme por privado.',
    ],
    amenity: {
      balcony: 'balcón',
      elevator: 'ascensor',
      washing_machine: 'lavadora',
      internet: 'fibra óptica',
      parking: 'plaza de garaje',
      garden: 'jardín',
    },
    perk: {
      near_metro: 'el metro está a pocos minutos andando',
      near_university: 'la universidad está muy cerca',
      pets_ok: 'se aceptan mascotas',
      quiet: 'la zona es muy tranquila',
    },
    features: (f, a, p) => {
      const has = `${f.studio ? 'El estudio' : 'El piso'} tiene ${esList(a)}`
      if (!a.length) return `${cap(esList(p), 'es')}.`
      return p.length ? `${has}; además, ${esList(p)}.` : `${has}.`
    },
  }
  return pack
})()

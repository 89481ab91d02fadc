import { cap, list, type Facts, type LanguagePack } from './language-pack.ts'

const trList = (xs: readonly string[]): string => list(xs, 've')

const TR_SPOKEN_VOWEL = new Map<string, string>([
  ['Toulouse', 'a'],
  ['Grenoble', 'a'],
  ['Vancouver', 'a'],
  ['Manchester', 'a'],
  ['Newcastle', 'a'],
  ['Eindhoven', 'a'],
  ['Trondheim', 'a'],
  ['Calgary', 'e'],
  ['Montreal', 'e'],
  ['Stockholm', 'e'],
])

/** Turkish locative of a place name with apostrophe: Berlin'de, Paris'te, Ankara'da (foreign names by pronunciation). */
function trLocative(name: string): string {
  const letters = name.toLocaleLowerCase('tr')
  const vowel = TR_SPOKEN_VOWEL.get(name) ?? [...letters].reverse().find((ch) => 'aıoueiöüâîûáéó'.includes(ch)) ?? 'e'
  const back = 'aıouâûáó'.includes(vowel)
  const hard = 'çfhkpsşt'.includes(letters.charAt(letters.length - 1))
  return `${name}'${hard ? 't' : 'd'}${back ? 'a' : 'e'}`
}

/** Turkish sentences for seeded listing descriptions. */
export const tr: LanguagePack = (() => {
  const flat = (f: Facts) => (f.studio ? '1+0 stüdyo daire' : `${f.n - 1}+1 daire`)
  const at = (f: Facts) => trLocative(f.c)
  const inFlat = (f: Facts) => `${f.sized ? '' : `${f.s} m² `}${f.n - 1}+1 evde`
  const inOurFlat = (f: Facts) => `${f.sized ? '' : `${f.s} m² `}${f.n - 1}+1 evimizde`
  const aRoom = (f: Facts) => (f.sized ? `${f.s} metrekarelik bir oda` : 'bir oda')
  const sz = (f: Facts) => (f.sized ? `${f.s} metrekarelik ` : '')
  const mate = (f: Facts) =>
    `${{ female: 'kız ', male: 'erkek ', any: '' }[f.genderPref]}${f.shared ? 'oda' : 'ev'} arkadaşı`
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
      short: [
        'Kısa süreli kiralık; birkaç haftadan birkaç aya kadar kalacaklar için uygun.',
        'Staj, Erasmus ya da dil kursu gibi kısa konaklamalar için ideal.',
        'Sadece kısa dönem için veriyorum.',
      ],
      long: [
        (f) => `Uzun süre kalacak birini ${f.apt ? 'arıyorum' : 'arıyoruz'}, en az 1 yıl.`,
        'Sadece uzun dönem kiralama (en az 12 ay).',
        (f) => `Uzun süre kalmayı düşünen birini tercih ${f.apt ? 'ederim' : 'ederiz'}.`,
      ],
    },
    furnished: {
      yes: [
        (f) => `${subj(f)} full eşyalı, sadece valizinizi getirmeniz yeterli.`,
        (f) =>
          `${subj(f)} eşyalı olarak kiralanıyor (${f.apt ? 'beyaz eşya ve mobilyalar' : 'yatak, dolap ve çalışma masası'} mevcut).`,
      ],
      no: [
        (f) => `${subj(f)} eşyasız, dilediğiniz gibi döşeyebilirsiniz.`,
        (f) => `${subj(f)} boş olarak kiraya verilecektir.`,
      ],
    },
    termFurnished: [
      (f) =>
        `${f.furnished ? 'Eşyalı' : 'Eşyasız'} ve ${f.short ? 'kısa dönem (birkaç hafta ya da birkaç ay)' : 'uzun dönem (en az 1 yıl)'} için kiralıktır.`,
      (f) => `${f.short ? 'Kısa dönem' : 'Uzun dönem'} kiralık, ${f.furnished ? 'eşyalı' : 'eşyasız'}.`,
      (f) =>
        `${subj(f)} ${f.furnished ? 'eşyalı' : 'eşyasız'} ve ${f.short ? 'sadece kısa süreliğine' : 'uzun süreli'} kiraya veriliyor.`,
    ],
    contract: {
      yes: [
        'Resmi kira sözleşmesi yapılır, adres kaydı da mümkün.',
        'Sözleşmeli; adresinizi buraya kaydettirebilirsiniz.',
      ],
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
    closing: [
      'Görmek için mesaj atabilirsiniz.',
      'İlgilenenler kendilerini kısaca tanıtarak mesaj atabilir.',
      'Şehirde değilseniz görüntülü görüşmeyle evi gösterebilirim.',
      'Detaylı bilgi için özelden yazın.',
    ],
    amenity: {
      balcony: 'balkon',
      elevator: 'asansör',
      washing_machine: 'çamaşır makinesi',
      internet: 'internet',
      parking: 'otopark',
      garden: 'bahçe',
    },
    perk: {
      near_metro: 'metro durağı yürüme mesafesinde',
      near_university: 'üniversite çok yakın',
      pets_ok: 'evcil hayvan kabul ediliyor',
      quiet: 'sokak oldukça sakin',
    },
    features: (_f, a, p) => {
      if (!a.length) return `${cap(trList(p), 'tr')}.`
      const has = `${cap(trList(a), 'tr')} mevcut`
      return p.length ? `${has}; ayrıca ${trList(p)}.` : `${has}.`
    },
  }
  return pack
})()

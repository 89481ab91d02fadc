import { DEFAULT_LOCALE, isLocaleCode, localizePath, type LocaleCode } from '../../../shared/locales.ts'
import { formatNumber, formatRent } from '../../../shared/money.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { DigestPayload, NotificationSender, SendResult } from './notifier.ts'

interface DigestTexts {
  /** `{count}`: the number of new listings. */
  subject: string
  intro: string
  /** `{link}`: the alerts page. */
  footer: string
}

// The API has no Lingui runtime (as server/api/identity/mail-templates.ts): the digest's words are
// kept here, translated in all six languages.
const TEXTS: Record<LocaleCode, DigestTexts> = {
  fa: {
    subject: 'هشدارهای روزانهٔ خانه: آگهی‌های تازه ({count})',
    intro: 'سلام،\n\nاین آگهی‌های تازه دیروز با جست‌وجوهای ذخیره‌شدهٔ شما جور درآمدند:',
    footer: 'برای ویرایش یا توقف هشدارها، این پیوند را باز کنید:\n{link}',
  },
  en: {
    subject: 'Your daily Khaneh alerts: new listings ({count})',
    intro: 'Hello,\n\nThese new listings matched your saved searches yesterday:',
    footer: 'To edit or pause your alerts, open:\n{link}',
  },
  de: {
    subject: 'Deine täglichen Khaneh-Suchaufträge: neue Anzeigen ({count})',
    intro: 'Hallo,\n\ndiese neuen Anzeigen haben gestern zu deinen gespeicherten Suchen gepasst:',
    footer: 'Suchaufträge bearbeiten oder pausieren:\n{link}',
  },
  tr: {
    subject: 'Günlük Khaneh bildirimleriniz: yeni ilanlar ({count})',
    intro: 'Merhaba,\n\nDün kayıtlı aramalarınıza uyan yeni ilanlar:',
    footer: 'Bildirimlerinizi düzenlemek veya duraklatmak için:\n{link}',
  },
  it: {
    subject: 'I tuoi avvisi giornalieri di Khaneh: nuovi annunci ({count})',
    intro: 'Ciao,\n\nquesti nuovi annunci corrispondevano ieri alle tue ricerche salvate:',
    footer: 'Per modificare o mettere in pausa i tuoi avvisi, apri:\n{link}',
  },
  es: {
    subject: 'Tus alertas diarias de Khaneh: anuncios nuevos ({count})',
    intro: 'Hola:\n\nEstos anuncios nuevos coincidieron ayer con tus búsquedas guardadas:',
    footer: 'Para editar o pausar tus alertas, abre:\n{link}',
  },
}

/** The digest e-mail in the reader's language: per alert, each listing's price · city and link (never the contact). */
export function digestMail(payload: DigestPayload, publicBaseUrl: string): { subject: string; text: string } {
  const language = isLocaleCode(payload.language) ? payload.language : DEFAULT_LOCALE
  const texts = TEXTS[language]
  const link = (path: string) => new URL(localizePath(path, language), publicBaseUrl).toString()
  const sections: string[] = []
  let current: string | null = null
  for (const match of payload.matches) {
    if (match.alert !== current) {
      current = match.alert
      sections.push(`\n${match.alert}`)
    }
    // the rent as the reader's cards show it (rials in Persian digits for fa); a row written before carries its price
    const price = match.rent ? formatRent(Number(match.rent), match.currency ?? 'EUR', language) : match.price
    sections.push(`- ${[price, match.city].filter(Boolean).join(' · ')}\n  ${link(match.url)}`)
  }
  return {
    subject: texts.subject.replace('{count}', formatNumber(payload.matches.length, language)),
    text: [texts.intro, ...sections, '', texts.footer.replace('{link}', link('/dashboard/alerts'))].join('\n'),
  }
}

/** The daily digest through the mail port (SMTP, or the dev outbox): a failure to hand it over is tried again. */
export function emailDigestSender(options: {
  mailer: Mailer
  publicBaseUrl: string
}): NotificationSender<DigestPayload> {
  return {
    channel: 'email',
    async send(payload): Promise<SendResult> {
      if (!payload.to || payload.matches.length === 0) return { ok: false, error: 'email: empty digest', retry: false }
      try {
        await options.mailer.send({ to: payload.to, ...digestMail(payload, options.publicBaseUrl) })
        return { ok: true }
      } catch (err) {
        return { ok: false, error: `email: ${(err as Error).message}`, retry: true }
      }
    },
  }
}

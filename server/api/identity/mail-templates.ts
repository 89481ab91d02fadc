import type { LocaleCode } from '../../../shared/locales.ts'
import type { CodePurpose } from './repo.ts'

interface Template {
  subject: string
  /** `{link}` is replaced by the action link, `{hours}` by its lifetime. */
  text: string
}

// The API has no Lingui runtime (macros are compiled into the client bundles only), so the two
// e-mails are kept here, translated in all six languages.
const TEMPLATES: Record<CodePurpose, Record<LocaleCode, Template>> = {
  verifyEmail: {
    fa: {
      subject: 'ایمیل خود را در خانه تأیید کنید',
      text: 'سلام،\n\nبرای تأیید ایمیل حساب خود در خانه، این پیوند را باز کنید:\n{link}\n\nاین پیوند تا {hours} ساعت معتبر است. اگر شما ثبت‌نام نکرده‌اید، این پیام را نادیده بگیرید.',
    },
    en: {
      subject: 'Confirm your e-mail for Khaneh',
      text: 'Hello,\n\nOpen this link to confirm the e-mail address of your Khaneh account:\n{link}\n\nThe link works for {hours} hours. If you did not sign up, ignore this message.',
    },
    tr: {
      subject: 'Khaneh için e-posta adresinizi doğrulayın',
      text: 'Merhaba,\n\nKhaneh hesabınızın e-posta adresini doğrulamak için bu bağlantıyı açın:\n{link}\n\nBağlantı {hours} saat geçerlidir. Kaydolmadıysanız bu iletiyi yok sayın.',
    },
    es: {
      subject: 'Confirma tu correo para Khaneh',
      text: 'Hola:\n\nAbre este enlace para confirmar la dirección de correo de tu cuenta de Khaneh:\n{link}\n\nEl enlace funciona durante {hours} horas. Si no te registraste, ignora este mensaje.',
    },
    de: {
      subject: 'Bestätige deine E-Mail-Adresse für Khaneh',
      text: 'Hallo,\n\nÖffne diesen Link, um die E-Mail-Adresse deines Khaneh-Kontos zu bestätigen:\n{link}\n\nDer Link gilt {hours} Stunden. Wenn du dich nicht registriert hast, ignoriere diese Nachricht.',
    },
    it: {
      subject: 'Conferma la tua e-mail per Khaneh',
      text: "Ciao,\n\napri questo link per confermare l'indirizzo e-mail del tuo account Khaneh:\n{link}\n\nIl link vale {hours} ore. Se non ti sei registrato, ignora questo messaggio.",
    },
  },
  resetPassword: {
    fa: {
      subject: 'بازنشانی گذرواژهٔ خانه',
      text: 'سلام،\n\nبرای انتخاب گذرواژهٔ تازه برای حساب خود در خانه، این پیوند را باز کنید:\n{link}\n\nاین پیوند تا {hours} ساعت و فقط یک بار معتبر است. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید؛ گذرواژهٔ شما تغییری نمی‌کند.',
    },
    en: {
      subject: 'Reset your Khaneh password',
      text: 'Hello,\n\nOpen this link to choose a new password for your Khaneh account:\n{link}\n\nThe link works once, for {hours} hours. If you did not ask for this, ignore this message; your password stays the same.',
    },
    tr: {
      subject: 'Khaneh şifrenizi sıfırlayın',
      text: 'Merhaba,\n\nKhaneh hesabınız için yeni bir şifre belirlemek üzere bu bağlantıyı açın:\n{link}\n\nBağlantı bir kez ve {hours} saat boyunca geçerlidir. Bunu siz istemediyseniz bu iletiyi yok sayın; şifreniz değişmez.',
    },
    es: {
      subject: 'Restablece tu contraseña de Khaneh',
      text: 'Hola:\n\nAbre este enlace para elegir una contraseña nueva para tu cuenta de Khaneh:\n{link}\n\nEl enlace funciona una sola vez, durante {hours} horas. Si no lo pediste, ignora este mensaje; tu contraseña no cambia.',
    },
    de: {
      subject: 'Setze dein Khaneh-Passwort zurück',
      text: 'Hallo,\n\nÖffne diesen Link, um ein neues Passwort für dein Khaneh-Konto zu wählen:\n{link}\n\nDer Link gilt einmal und {hours} Stunden lang. Wenn du das nicht angefordert hast, ignoriere diese Nachricht; dein Passwort bleibt unverändert.',
    },
    it: {
      subject: 'Reimposta la password di Khaneh',
      text: 'Ciao,\n\napri questo link per scegliere una nuova password per il tuo account Khaneh:\n{link}\n\nIl link vale una sola volta, per {hours} ore. Se non lo hai chiesto tu, ignora questo messaggio; la password resta invariata.',
    },
  },
}

/** The subject and text of an identity e-mail in the reader's language. */
export function identityMail(
  purpose: CodePurpose,
  locale: LocaleCode,
  link: string,
  hours: number,
): { subject: string; text: string } {
  const template = TEMPLATES[purpose][locale]
  return { subject: template.subject, text: template.text.replace('{link}', link).replace('{hours}', String(hours)) }
}

import type { LocaleCode } from '../../../shared/locales.ts'
import { formatNumber } from '../../../shared/money.ts'
import type { CodePurpose } from './identity.repo.ts'

interface Template {
  subject: string
  /** `{link}` is replaced by the action link, `{hours}` by its lifetime with its unit ("1 hour", "24 hours"). */
  text: string
}

/** The e-mails of the identity provider: one per kind of link, and the owner's notice of a lockout. */
export type IdentityMailKind = CodePurpose | 'signInPaused'

// The API has no Lingui runtime (macros are compiled into the client bundles only), so the
// e-mails are kept here, translated in all six languages.
const TEMPLATES: Record<IdentityMailKind, Record<LocaleCode, Template>> = {
  verifyEmail: {
    fa: {
      subject: 'ایمیل خود را در خانه تأیید کنید',
      text: 'سلام،\n\nبرای تأیید ایمیل حساب خود در خانه، این پیوند را باز کنید:\n{link}\n\nاین پیوند تا {hours} معتبر است. اگر شما ثبت‌نام نکرده‌اید، این پیام را نادیده بگیرید.',
    },
    en: {
      subject: 'Confirm your e-mail for Khaneh',
      text: 'Hello,\n\nOpen this link to confirm the e-mail address of your Khaneh account:\n{link}\n\nThe link works for {hours}. If you did not sign up, ignore this message.',
    },
    tr: {
      subject: 'Khaneh için e-posta adresinizi doğrulayın',
      text: 'Merhaba,\n\nKhaneh hesabınızın e-posta adresini doğrulamak için bu bağlantıyı açın:\n{link}\n\nBağlantı {hours} geçerlidir. Kaydolmadıysanız bu iletiyi yok sayın.',
    },
    es: {
      subject: 'Confirma tu correo para Khaneh',
      text: 'Hola:\n\nAbre este enlace para confirmar la dirección de correo de tu cuenta de Khaneh:\n{link}\n\nEl enlace funciona durante {hours}. Si no te registraste, ignora este mensaje.',
    },
    de: {
      subject: 'Bestätige deine E-Mail-Adresse für Khaneh',
      text: 'Hallo,\n\nÖffne diesen Link, um die E-Mail-Adresse deines Khaneh-Kontos zu bestätigen:\n{link}\n\nDer Link gilt {hours}. Wenn du dich nicht registriert hast, ignoriere diese Nachricht.',
    },
    it: {
      subject: 'Conferma la tua e-mail per Khaneh',
      text: "Ciao,\n\napri questo link per confermare l'indirizzo e-mail del tuo account Khaneh:\n{link}\n\nIl link vale {hours}. Se non ti sei registrato, ignora questo messaggio.",
    },
  },
  resetPassword: {
    fa: {
      subject: 'بازنشانی گذرواژهٔ خانه',
      text: 'سلام،\n\nبرای انتخاب گذرواژهٔ تازه برای حساب خود در خانه، این پیوند را باز کنید:\n{link}\n\nاین پیوند تا {hours} و فقط یک بار معتبر است. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید؛ گذرواژهٔ شما تغییری نمی‌کند.',
    },
    en: {
      subject: 'Reset your Khaneh password',
      text: 'Hello,\n\nOpen this link to choose a new password for your Khaneh account:\n{link}\n\nThe link works once, for {hours}. If you did not ask for this, ignore this message; your password stays the same.',
    },
    tr: {
      subject: 'Khaneh şifrenizi sıfırlayın',
      text: 'Merhaba,\n\nKhaneh hesabınız için yeni bir şifre belirlemek üzere bu bağlantıyı açın:\n{link}\n\nBağlantı bir kez ve {hours} boyunca geçerlidir. Bunu siz istemediyseniz bu iletiyi yok sayın; şifreniz değişmez.',
    },
    es: {
      subject: 'Restablece tu contraseña de Khaneh',
      text: 'Hola:\n\nAbre este enlace para elegir una contraseña nueva para tu cuenta de Khaneh:\n{link}\n\nEl enlace funciona una sola vez, durante {hours}. Si no lo pediste, ignora este mensaje; tu contraseña no cambia.',
    },
    de: {
      subject: 'Setze dein Khaneh-Passwort zurück',
      text: 'Hallo,\n\nÖffne diesen Link, um ein neues Passwort für dein Khaneh-Konto zu wählen:\n{link}\n\nDer Link gilt einmal und {hours} lang. Wenn du das nicht angefordert hast, ignoriere diese Nachricht; dein Passwort bleibt unverändert.',
    },
    it: {
      subject: 'Reimposta la password di Khaneh',
      text: 'Ciao,\n\napri questo link per scegliere una nuova password per il tuo account Khaneh:\n{link}\n\nIl link vale una sola volta, per {hours}. Se non lo hai chiesto tu, ignora questo messaggio; la password resta invariata.',
    },
  },
  signIn: {
    fa: {
      subject: 'ورود به خانه',
      text: 'سلام،\n\nبرای ورود به حساب خود در خانه، این پیوند را باز کنید:\n{link}\n\nاین پیوند تا {hours} و فقط یک بار معتبر است. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید.',
    },
    en: {
      subject: 'Sign in to Khaneh',
      text: 'Hello,\n\nOpen this link to sign in to your Khaneh account:\n{link}\n\nThe link works once, for {hours}. If you did not ask for it, ignore this message.',
    },
    tr: {
      subject: "Khaneh'e giriş yapın",
      text: 'Merhaba,\n\nKhaneh hesabınıza giriş yapmak için bu bağlantıyı açın:\n{link}\n\nBağlantı bir kez ve {hours} boyunca geçerlidir. Bunu siz istemediyseniz bu iletiyi yok sayın.',
    },
    es: {
      subject: 'Inicia sesión en Khaneh',
      text: 'Hola:\n\nAbre este enlace para iniciar sesión en tu cuenta de Khaneh:\n{link}\n\nEl enlace funciona una sola vez, durante {hours}. Si no lo pediste, ignora este mensaje.',
    },
    de: {
      subject: 'Bei Khaneh anmelden',
      text: 'Hallo,\n\nÖffne diesen Link, um dich bei deinem Khaneh-Konto anzumelden:\n{link}\n\nDer Link gilt einmal und {hours} lang. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht.',
    },
    it: {
      subject: 'Accedi a Khaneh',
      text: 'Ciao,\n\napri questo link per accedere al tuo account Khaneh:\n{link}\n\nIl link vale una sola volta, per {hours}. Se non lo hai chiesto tu, ignora questo messaggio.',
    },
  },
  signInPaused: {
    fa: {
      subject: 'ورود با گذرواژه به حساب خانهٔ شما موقتاً متوقف شد',
      text: 'سلام،\n\nکسی بارها با گذرواژهٔ نادرست کوشیده است به حساب شما در خانه وارد شود؛ برای همین ورود با گذرواژه از دستگاه‌های تازه مدتی متوقف شده است. گذرواژهٔ شما تغییری نکرده است.\n\nاز دستگاهی که پیش‌تر با آن وارد شده‌اید همچنان می‌توانید وارد شوید، یا با این پیوند (یک بار و تا {hours} معتبر است):\n{link}\n\nاگر این تلاش‌ها از شما نبوده است، بهتر است گذرواژهٔ بلندتری انتخاب کنید.',
    },
    en: {
      subject: 'Password sign-in to your Khaneh account is paused',
      text: 'Hello,\n\nSomeone tried many wrong passwords to sign in to your Khaneh account, so password sign-in from new devices is paused for a while. Your password is unchanged.\n\nYou can still sign in from a device you used before, or with this link (it works once, for {hours}):\n{link}\n\nIf the attempts were not yours, consider choosing a longer password.',
    },
    tr: {
      subject: 'Khaneh hesabınıza şifreyle giriş duraklatıldı',
      text: 'Merhaba,\n\nBiri Khaneh hesabınıza birçok yanlış şifreyle giriş yapmaya çalıştı; bu yüzden yeni cihazlardan şifreyle giriş bir süreliğine duraklatıldı. Şifreniz değişmedi.\n\nDaha önce kullandığınız bir cihazdan ya da bu bağlantıyla (bir kez ve {hours} boyunca geçerlidir) yine giriş yapabilirsiniz:\n{link}\n\nBu denemeler sizin değilse daha uzun bir şifre seçmeyi düşünün.',
    },
    es: {
      subject: 'El inicio de sesión con contraseña en tu cuenta de Khaneh está en pausa',
      text: 'Hola:\n\nAlguien probó muchas contraseñas incorrectas para entrar en tu cuenta de Khaneh, así que el inicio de sesión con contraseña desde dispositivos nuevos queda en pausa durante un tiempo. Tu contraseña no ha cambiado.\n\nPuedes seguir entrando desde un dispositivo que ya usaste o con este enlace (funciona una sola vez, durante {hours}):\n{link}\n\nSi los intentos no fueron tuyos, plantéate elegir una contraseña más larga.',
    },
    de: {
      subject: 'Die Anmeldung mit Passwort bei deinem Khaneh-Konto ist pausiert',
      text: 'Hallo,\n\njemand hat viele falsche Passwörter ausprobiert, um sich bei deinem Khaneh-Konto anzumelden. Deshalb ist die Anmeldung mit Passwort von neuen Geräten eine Weile pausiert. Dein Passwort ist unverändert.\n\nDu kannst dich weiterhin von einem Gerät anmelden, das du schon benutzt hast, oder mit diesem Link (er gilt einmal und {hours} lang):\n{link}\n\nWenn die Versuche nicht von dir stammen, wähle am besten ein längeres Passwort.',
    },
    it: {
      subject: "L'accesso con password al tuo account Khaneh è sospeso",
      text: "Ciao,\n\nqualcuno ha provato molte password sbagliate per accedere al tuo account Khaneh, quindi l'accesso con password da nuovi dispositivi è sospeso per un po'. La tua password non è cambiata.\n\nPuoi comunque accedere da un dispositivo che hai già usato, oppure con questo link (vale una sola volta, per {hours}):\n{link}\n\nSe i tentativi non erano tuoi, valuta di scegliere una password più lunga.",
    },
  },
}

/** An hour and hours in each language: a one-hour link must not work "for 1 hours". */
const HOUR: Record<LocaleCode, { one: string; other: string }> = {
  fa: { one: 'ساعت', other: 'ساعت' },
  en: { one: 'hour', other: 'hours' },
  tr: { one: 'saat', other: 'saat' },
  es: { one: 'hora', other: 'horas' },
  de: { one: 'Stunde', other: 'Stunden' },
  it: { one: 'ora', other: 'ore' },
}

/** The subject and text of an identity e-mail in the reader's language. */
export function identityMail(
  purpose: IdentityMailKind,
  locale: LocaleCode,
  link: string,
  hours: number,
): { subject: string; text: string } {
  const template = TEMPLATES[purpose][locale]
  // in the reader's digits: "۲۴ ساعت" in Persian
  const lifetime = `${formatNumber(hours, locale)} ${hours === 1 ? HOUR[locale].one : HOUR[locale].other}`
  return { subject: template.subject, text: template.text.replace('{link}', link).replace('{hours}', lifetime) }
}

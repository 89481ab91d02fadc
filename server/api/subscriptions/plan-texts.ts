import type { LocaleCode } from '../../../shared/locales.ts'
import type { PlanKey } from '../../../shared/plans.ts'

/** Each plan's name and description in the six languages of the product. */
export const PLAN_TEXTS: Record<PlanKey, Record<LocaleCode, { name: string; description: string }>> = {
  monthly: {
    fa: { name: 'اشتراک ماهانه', description: 'یک ماه دسترسی ویژه: تماس با صاحبخانه‌ها، هشدارها و تحلیل هوشمند.' },
    en: { name: 'Monthly', description: 'One month of premium: owner contacts, alerts and AI analysis.' },
    tr: { name: 'Aylık', description: 'Bir aylık premium: ev sahibi iletişimi, uyarılar ve yapay zekâ analizi.' },
    es: { name: 'Mensual', description: 'Un mes de premium: contacto con propietarios, alertas y análisis con IA.' },
    de: { name: 'Monatlich', description: 'Ein Monat Premium: Kontakte der Vermieter, Suchalarme und KI-Analyse.' },
    it: { name: 'Mensile', description: 'Un mese di premium: contatti dei proprietari, avvisi e analisi IA.' },
  },
  quarterly: {
    fa: { name: 'اشتراک سه‌ماهه', description: 'سه ماه دسترسی ویژه با صرفه‌جویی؛ محبوب‌ترین انتخاب.' },
    en: { name: 'Quarterly', description: 'Three months of premium at a better price; the most popular choice.' },
    tr: { name: 'Üç aylık', description: 'Daha iyi fiyata üç aylık premium; en çok tercih edilen.' },
    es: { name: 'Trimestral', description: 'Tres meses de premium a mejor precio; la opción más popular.' },
    de: { name: 'Vierteljährlich', description: 'Drei Monate Premium zum besseren Preis; die beliebteste Wahl.' },
    it: { name: 'Trimestrale', description: 'Tre mesi di premium a un prezzo migliore; la scelta più popolare.' },
  },
  yearly: {
    fa: { name: 'اشتراک سالانه', description: 'یک سال کامل دسترسی ویژه با بیشترین صرفه‌جویی.' },
    en: { name: 'Yearly', description: 'A full year of premium with the biggest saving.' },
    tr: { name: 'Yıllık', description: 'En büyük tasarrufla tam bir yıl premium.' },
    es: { name: 'Anual', description: 'Un año completo de premium con el mayor ahorro.' },
    de: { name: 'Jährlich', description: 'Ein ganzes Jahr Premium mit der größten Ersparnis.' },
    it: { name: 'Annuale', description: 'Un anno intero di premium con il massimo risparmio.' },
  },
}

import { INTL_LOCALES, type Language } from '@/lib/languages';

/** A moment in the language's Swiss convention (22.11.2026, 14:05), Swiss time; '' for none. */
export function formatDateTime(iso: string | null | undefined, lang: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Zurich',
  }).format(date);
}

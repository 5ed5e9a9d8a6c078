import { INTL_LOCALES, type Language } from '@/lib/languages';

/** When a request was sent, in the language's Swiss convention (22.11.2026, 14:05). */
export function formatSentAt(iso: string, lang: Language): string {
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

/** The badge's text: the count, "99+" beyond 99. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

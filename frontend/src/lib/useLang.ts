import { useParams } from 'react-router';
import { isLanguage, REDIRECT_LANGUAGE, type Language } from '@/lib/languages';

/**
 * The UI language, taken from the `:lang` URL segment only (the router guarantees it is valid
 * below the language guard).
 */
export function useLang(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : REDIRECT_LANGUAGE;
}

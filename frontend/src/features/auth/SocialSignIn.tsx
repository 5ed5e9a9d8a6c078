import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { OAUTH_PROVIDER_KEY } from '@/lib/authToken';
import { apiBaseUrl } from '@/lib/env';
import type { SocialProvider } from '@/lib/settings';
import { useLang } from '@/lib/useLang';

const G = { center: 12, radius: 7.6, width: 3.6 };

/** An SVG arc of the "G" ring from one angle to another (degrees, clockwise from 3 o'clock). */
function ringArc(from: number, to: number): string {
  const at = (degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    return `${(G.center + G.radius * Math.cos(radians)).toFixed(2)} ${(G.center + G.radius * Math.sin(radians)).toFixed(2)}`;
  };
  return `M${at(from)}A${G.radius} ${G.radius} 0 0 1 ${at(to)}`;
}

/** Google's four colours around a "G" with its bar, drawn from circles and a rectangle. */
const GOOGLE_RING = [
  { colour: '#EA4335', d: ringArc(205, 325) },
  { colour: '#FBBC05', d: ringArc(145, 205) },
  { colour: '#34A853', d: ringArc(45, 145) },
  { colour: '#4285F4', d: ringArc(0, 45) },
] as const;

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <g fill="none" strokeWidth={G.width}>
        {GOOGLE_RING.map(({ colour, d }) => (
          <path key={colour} d={d} stroke={colour} />
        ))}
      </g>
      <rect x={G.center} y={G.center - G.width / 2} width={G.radius + G.width / 2} height={G.width} fill="#4285F4" />
    </svg>
  );
}

/** Facebook's white "f" cut into its blue disc; the stem runs down to the disc's edge. */
function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#0866FF" />
      <path
        fill="#FFFFFF"
        d="M10 23.83V13.9H7.4v-3H10V8.6c0-2.6 1.6-4 3.9-4 1.1 0 2.1.1 2.4.2v2.7h-1.6c-1.2 0-1.4.6-1.4 1.4v2h2.9l-.4 3h-2.5v10.03A12 12 0 0 1 10 23.83Z"
      />
    </svg>
  );
}

const MARKS: Record<SocialProvider, ComponentType> = {
  google: GoogleMark,
  facebook: FacebookMark,
};

/** The URL that starts a sign-in with `provider`, coming back to `returnTo`. */
export function socialStartUrl(provider: SocialProvider, lang: string, returnTo: string): string {
  const query = new URLSearchParams({ lang, returnTo });
  return `${apiBaseUrl()}/auth/oauth/${provider}/start?${query.toString()}`;
}

function rememberProvider(provider: SocialProvider) {
  try {
    window.sessionStorage.setItem(OAUTH_PROVIDER_KEY, provider);
  } catch {
    // storage disabled: the login type stays unknown
  }
}

/**
 * "Continue with …" for every provider the server has configured, each with its own mark. The
 * same buttons sign in and sign up: a first sign-in creates the account.
 */
export function SocialSignIn({ providers, returnTo }: { providers: readonly SocialProvider[]; returnTo: string }) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  return (
    <ul className="auth-social__list">
      {providers.map((provider) => {
        const Mark = MARKS[provider];
        return (
          <li key={provider}>
            <a
              className={`button auth-social__button auth-social__button--${provider}`}
              href={socialStartUrl(provider, lang, returnTo)}
              onClick={() => {
                rememberProvider(provider);
              }}
            >
              <Mark />
              {t(`login.with.${provider}`)}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

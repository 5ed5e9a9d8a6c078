import type { SVGProps } from 'react';

/**
 * Decorative line icons (24×24, currentColor). Their meaning comes from the control's name. Icons
 * drawn only off the start-up path are defined beside their component with `Icon`, so they stay
 * out of the start-up chunk this module is part of.
 */
export function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function UserIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}

export function UserPlusIcon() {
  return (
    <Icon>
      <circle cx="10" cy="8" r="4" />
      <path d="M2 21a8 8 0 0 1 14.5-4.6" />
      <path d="M19 14v6M16 17h6" />
    </Icon>
  );
}

export function LogoutIcon() {
  return (
    <Icon>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5M21 12H9" />
    </Icon>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </Icon>
  );
}

export function CloseIcon() {
  return (
    <Icon>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function ArrowUpIcon() {
  return (
    <Icon>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </Icon>
  );
}

/** A plain "f" in a rounded square: our own drawing, not the official Facebook logo. */
export function FacebookIcon() {
  return (
    <Icon>
      <rect x="2.5" y="2.5" width="19" height="19" rx="4" />
      <path d="M15.5 7.5h-1.8a2.2 2.2 0 0 0-2.2 2.2V21.5M9 12.5h6" />
    </Icon>
  );
}

/** "in" in a rounded square: our own drawing, not the official LinkedIn logo. */
export function LinkedInIcon() {
  return (
    <Icon>
      <rect x="2.5" y="2.5" width="19" height="19" rx="4" />
      <path d="M7.5 10.5v6M7.5 7.3v.2M11.5 16.5v-6M11.5 13a2.5 2.5 0 0 1 5 0v3.5" />
    </Icon>
  );
}

/** A plain "G" in a circle: our own drawing, not the official Google logo. */
export function GoogleIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M16 9.2A4.6 4.6 0 1 0 16.6 13H12" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon width="20" height="20" strokeWidth="2.25">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.6-3.6" />
    </Icon>
  );
}

import type { ReactNode } from 'react';
import type { SOCIAL_URLS } from '../lib/contact-info';

const ICON_PROPS = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;

/** The footer's social network icons (decorative: each link carries its own accessible name). */
export const SOCIAL_ICONS: Record<keyof typeof SOCIAL_URLS, ReactNode> = {
  facebook: (
    <svg {...ICON_PROPS} fill="currentColor">
      <path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.4c-.3 0-1.3-.1-2.5-.1-2.5 0-4.1 1.5-4.1 4.3v2.3H7.4V14h2.8v8z" />
    </svg>
  ),
  instagram: (
    <svg {...ICON_PROPS} fill="none" stroke="currentColor" strokeWidth={2}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  ),
  whatsapp: (
    <svg {...ICON_PROPS}>
      <path
        d="M4 20l1.2-3.8A8.5 8.5 0 1 1 8.1 19z"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <path
        fill="currentColor"
        d="M9.2 7.6c.3 0 .5 0 .7.5l.8 1.8c.1.2 0 .5-.1.6l-.6.7c.6 1.2 1.6 2.2 2.8 2.8l.7-.6c.2-.2.4-.2.6-.1l1.8.8c.4.2.5.4.5.7 0 .9-.8 1.9-1.8 1.9-3.5 0-7-3.5-7-7 0-1 1-1.9 1.6-1.9z"
      />
    </svg>
  ),
  tiktok: (
    <svg {...ICON_PROPS} fill="currentColor">
      <path d="M16.2 3c.4 2.4 1.8 3.9 4.3 4.1v3.2a7.7 7.7 0 0 1-4.3-1.4v6.6a5.6 5.6 0 1 1-5.6-5.6h.6v3.3a2.4 2.4 0 1 0 1.8 2.3V3z" />
    </svg>
  ),
};

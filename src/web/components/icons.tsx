// Small inline icons (no icon font, no emoji: both depend on what the visitor has installed).

const common = {
  width: 14,
  height: 14,
  viewBox: '0 0 24 24',
  focusable: false,
} as const;

export function EyeIcon() {
  return (
    <svg aria-hidden="true" {...common} fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

export function ThumbUpIcon() {
  return (
    <svg aria-hidden="true" {...common} fill="currentColor">
      <path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z" />
    </svg>
  );
}

export function ThumbDownIcon() {
  return (
    <svg aria-hidden="true" {...common} fill="currentColor">
      <path d="M22 3h-4v12h4V3zM2 14a2 2 0 0 0 2 2h6.3l-1 4.6v.3c0 .4.2.8.4 1.1l1.1 1 6.6-6.6c.4-.4.6-.9.6-1.4V5a2 2 0 0 0-2-2H7c-.8 0-1.5.5-1.8 1.2l-3 7.1c-.1.2-.2.5-.2.7v2z" />
    </svg>
  );
}

const large = { ...common, width: 20, height: 20 } as const;

/** History: a clock with a turning-back arrow. */
export function HistoryIcon() {
  return (
    <svg
      aria-hidden="true"
      {...large}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/** Watch later: a clock. */
export function MailIcon() {
  return (
    <svg
      aria-hidden="true"
      {...large}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

export function ClockIcon() {
  return (
    <svg
      aria-hidden="true"
      {...large}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

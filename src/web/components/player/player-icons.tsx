// The player's play and replay icons: inline SVG in the control's text colour, hidden from
// assistive technology (each button has its own translated name). The control bar's other
// icons come with its code (bar-icons.tsx).

/** What every player icon's <svg> has. */
export const iconProps = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  focusable: false,
  fill: 'currentColor',
} as const;

export function PlayIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.6-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14z" />
    </svg>
  );
}

export function ReplayIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" />
    </svg>
  );
}

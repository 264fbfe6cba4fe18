import { iconProps } from './player-icons.tsx';

// The control bar's icons (player-chrome.tsx, loaded on first use): pause, volume and
// fullscreen, drawn like the play icon.

export function PauseIcon() {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
    </svg>
  );
}

export function VolumeIcon({ level }: { level: 'muted' | 'low' | 'high' }) {
  return (
    <svg aria-hidden="true" {...iconProps}>
      <path d="M3 9v6h4l5 5V4L7 9H3z" />
      {level === 'muted' ? (
        <path d="M16.5 8.9 18 7.4l2 2 2-2 1.4 1.5-2 2 2 2-1.4 1.4-2-2-2 2-1.5-1.4 2-2z" />
      ) : (
        <path d="M16.5 12A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z" />
      )}
      {level === 'high' ? (
        <path d="M14 3.23v2.06a7 7 0 0 1 0 13.42v2.06A9 9 0 0 0 14 3.23z" />
      ) : null}
    </svg>
  );
}

export function FullscreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg aria-hidden="true" {...iconProps}>
      {exit ? (
        <path d="M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z" />
      ) : (
        <path d="M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z" />
      )}
    </svg>
  );
}

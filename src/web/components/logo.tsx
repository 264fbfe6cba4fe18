export function Logo({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 40 40" width="32" height="32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-glow" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb347" />
          <stop offset=".5" stopColor="#ff7a45" />
          <stop offset="1" stopColor="#ff3d7f" />
        </linearGradient>
      </defs>
      <title>{name}</title>
      <circle cx="20" cy="24" r="12" fill="url(#logo-glow)" />
      <rect x="3" y="25" width="34" height="3" rx="1.5" fill="#0f0d12" />
      <rect x="8" y="31" width="24" height="2" rx="1" fill="#ff7a45" opacity=".6" />
    </svg>
  );
}

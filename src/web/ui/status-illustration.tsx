/**
 * The pictures of the status pages: an open parcel with a question mark (nothing here), with a
 * warning sign (something broke) or with a padlock (not for this account). Inline SVG, so they show even when a chunk or the network failed.
 */
export function StatusIllustration({ kind }: { kind: 'lost' | 'error' | 'forbidden' }) {
  const accent = kind === 'lost' ? '#1d5fbf' : kind === 'forbidden' ? '#b7791f' : '#d4380d';
  return (
    <svg
      className="status-page__image"
      viewBox="0 0 240 210"
      width="240"
      height="210"
      role="img"
      aria-hidden="true"
      focusable="false"
    >
      <g transform="translate(0 40)">
        <ellipse cx="120" cy="160" rx="86" ry="10" fill="#e3e8ef" />
        <path d="M52 70 L120 50 L188 70 L188 140 L120 160 L52 140 Z" fill="#f2c98a" />
        <path d="M120 90 L188 70 L188 140 L120 160 Z" fill="#e0ad63" />
        <path d="M52 70 L120 90 L120 160 L52 140 Z" fill="#eab973" />
        <path d="M52 70 L28 48 L96 28 L120 50 Z" fill="#f6d7a4" />
        <path d="M188 70 L212 48 L144 28 L120 50 Z" fill="#f0c98c" />
        <path d="M86 81 L86 150" stroke="#d19a4c" strokeWidth="6" />
      </g>
      {kind === 'lost' ? (
        <g fill="none" stroke={accent} strokeWidth="9" strokeLinecap="round">
          <path d="M104 22 q16 -20 32 0 q6 12 -16 22 v8" />
          <circle cx="120" cy="66" r="2" fill={accent} />
        </g>
      ) : kind === 'forbidden' ? (
        <g>
          <path d="M104 34 v-10 a16 16 0 0 1 32 0 v10" fill="none" stroke={accent} strokeWidth="7" />
          <rect x="96" y="32" width="48" height="34" rx="5" fill={accent} />
          <circle cx="120" cy="46" r="5" fill="#fff" />
          <rect x="117.5" y="48" width="5" height="10" rx="2" fill="#fff" />
        </g>
      ) : (
        <g fill={accent}>
          <path d="M120 6 L152 62 L88 62 Z" />
          <rect x="116.5" y="24" width="7" height="20" rx="3" fill="#fff" />
          <circle cx="120" cy="52" r="4" fill="#fff" />
        </g>
      )}
    </svg>
  );
}

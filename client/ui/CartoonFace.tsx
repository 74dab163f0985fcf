import type { AvatarArt } from './avatar-art';

/** Hair shapes drawn over a head centred at (32, 30) with radius 14. */
function Hair({ style, color }: { style: AvatarArt['hairStyle']; color: string }) {
  switch (style) {
    case 'short':
      return <path d="M18 29c0-10 6-16 14-16s14 6 14 16c-3-5-8-7-14-7s-11 2-14 7z" fill={color} />;
    case 'spiky':
      return (
        <path d="M18 28l1-9 4 3 2-8 4 5 3-7 3 7 4-5 2 8 4-3 1 9c-4-4-9-6-14-6s-10 2-14 6z" fill={color} />
      );
    case 'long':
      return (
        <path
          d="M16 44c-2-6-2-12-1-17 2-9 8-14 17-14s15 5 17 14c1 5 1 11-1 17h-5V27c-3-3-7-4-11-4s-8 1-11 4v17z"
          fill={color}
        />
      );
    case 'bun':
      return (
        <>
          <circle cx="32" cy="11" r="5.5" fill={color} />
          <path d="M18 29c0-10 6-15 14-15s14 5 14 15c-3-6-8-8-14-8s-11 2-14 8z" fill={color} />
        </>
      );
    case 'buzz':
      return (
        <path
          d="M18.5 27c1-8 6.5-12.5 13.5-12.5S44.5 19 45.5 27c-4-3-8.5-4-13.5-4s-9.5 1-13.5 4z"
          fill={color}
        />
      );
    case 'headband':
      return (
        <>
          <path d="M18 28c0-9 6-15 14-15s14 6 14 15c-3-4-8-6-14-6s-11 2-14 6z" fill={color} />
          <rect x="17.5" y="21.5" width="29" height="4.5" rx="2.2" fill="#ef4444" />
        </>
      );
  }
}

function Mouth({ kind }: { kind: AvatarArt['mouth'] }) {
  if (kind === 'open') return <ellipse cx="32" cy="37.5" rx="3.2" ry="2.6" fill="#3b1d14" />;
  if (kind === 'grin')
    return <path d="M26.5 35.5h11c0 3.2-2.5 5-5.5 5s-5.5-1.8-5.5-5z" fill="#fff" stroke="#3b1d14" />;
  return (
    <path
      d="M27.5 36c1.3 2 2.8 2.8 4.5 2.8s3.2-.8 4.5-2.8"
      fill="none"
      stroke="#3b1d14"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  );
}

/** A friendly cartoon face as inline SVG; sized by its container. */
export function CartoonFace({ art }: { art: AvatarArt }) {
  return (
    <svg viewBox="0 0 64 64" className="size-full" aria-hidden="true">
      <rect width="64" height="64" fill={art.background} />
      <path d="M10 64c1-11 10-17 22-17s21 6 22 17z" fill={art.shirt} />
      <rect x="27.5" y="40" width="9" height="9" rx="3" fill={art.skin} />
      <circle cx="32" cy="30" r="14" fill={art.skin} />
      <circle cx="18.2" cy="31" r="2.6" fill={art.skin} />
      <circle cx="45.8" cy="31" r="2.6" fill={art.skin} />
      <Hair style={art.hairStyle} color={art.hair} />
      <circle cx="26.5" cy="30" r="1.9" fill="#1b1b1f" />
      <circle cx="37.5" cy="30" r="1.9" fill="#1b1b1f" />
      <circle cx="27.1" cy="29.4" r="0.6" fill="#fff" />
      <circle cx="38.1" cy="29.4" r="0.6" fill="#fff" />
      {art.blush ? (
        <>
          <ellipse cx="23.5" cy="34.5" rx="2.4" ry="1.4" fill="#f87171" opacity="0.45" />
          <ellipse cx="40.5" cy="34.5" rx="2.4" ry="1.4" fill="#f87171" opacity="0.45" />
        </>
      ) : null}
      <Mouth kind={art.mouth} />
      {art.sweat ? (
        <path d="M45 17c1.8 2.6 2.7 4.3 2.7 5.4a2.7 2.7 0 0 1-5.4 0c0-1.1.9-2.8 2.7-5.4z" fill="#7dd3fc" />
      ) : null}
    </svg>
  );
}

// Banners by sport id (33 football, 35 basketball, 37 hockey, anything else a placeholder),
// drawn inline so no image is fetched. Decorative: the text laid over them carries the meaning.
import type { ReactNode } from 'react';

/** The banner's ground: a gradient across it, corner to corner or (down) top to bottom. */
function Backdrop({ id, from, to, down = false }: { id: string; from: string; to: string; down?: boolean }) {
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" x2={down ? '0' : '1'} y1="0" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="600" height="160" fill={`url(#${id})`} />
    </>
  );
}

const football = (
  <>
    <Backdrop id="banner-turf" from="#1f7a3a" to="#13592a" down />
    {Array.from({ length: 12 }, (_, index) => (
      <rect key={index} x={index * 50} width="25" height="160" fill="#ffffff" opacity="0.04" />
    ))}
    <rect x="520" width="80" height="160" fill="#0f4a22" />
    {Array.from({ length: 9 }, (_, index) => (
      <path
        key={index}
        d={`M${520 + index * 14 - 40} 160 L${520 + index * 14 + 40} 0`}
        stroke="#ffffff"
        strokeOpacity="0.08"
        strokeWidth="6"
      />
    ))}
    {Array.from({ length: 11 }, (_, index) => (
      <line
        key={index}
        x1={20 + index * 50}
        x2={20 + index * 50}
        y1="0"
        y2="160"
        stroke="#ffffff"
        strokeOpacity="0.55"
        strokeWidth="2"
      />
    ))}
    {Array.from({ length: 50 }, (_, index) => (
      <g key={index} stroke="#ffffff" strokeOpacity="0.4" strokeWidth="1.5">
        <line x1={20 + index * 10} x2={20 + index * 10} y1="56" y2="62" />
        <line x1={20 + index * 10} x2={20 + index * 10} y1="98" y2="104" />
      </g>
    ))}
    <line x1="520" x2="520" y1="0" y2="160" stroke="#ffffff" strokeWidth="4" />
    <g transform="translate(455 84) rotate(-30)">
      <ellipse rx="44" ry="25" fill="#8b4513" stroke="#5a2d0c" strokeWidth="3" />
      <path d="M-26 -13 Q0 -22 26 -13 M-26 13 Q0 22 26 13" stroke="#5a2d0c" strokeWidth="2" fill="none" opacity="0.6" />
      <line x1="-16" x2="16" y1="0" y2="0" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      {[-10, -4, 2, 8].map((offset) => (
        <line
          key={offset}
          x1={offset + 1}
          x2={offset + 1}
          y1="-5"
          y2="5"
          stroke="#ffffff"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      ))}
    </g>
  </>
);

const basketball = (
  <>
    <Backdrop id="banner-wood" from="#e0a15e" to="#c27c3b" />
    {Array.from({ length: 10 }, (_, index) => (
      <line key={index} x1="0" x2="600" y1={index * 17} y2={index * 17} stroke="#7a4a1d" strokeOpacity="0.18" />
    ))}
    {Array.from({ length: 24 }, (_, index) => (
      <line
        key={index}
        x1={(index * 61) % 600}
        x2={(index * 61) % 600}
        y1={(index % 9) * 17}
        y2={(index % 9) * 17 + 17}
        stroke="#7a4a1d"
        strokeOpacity="0.18"
      />
    ))}
    <g fill="none" stroke="#ffffff" strokeOpacity="0.85" strokeWidth="3">
      <circle cx="300" cy="80" r="46" />
      <line x1="300" x2="300" y1="0" y2="160" />
      <rect x="-2" y="40" width="110" height="80" fill="#1e3a8a" fillOpacity="0.35" />
      <path d="M108 40 A40 40 0 0 1 108 120" />
      <path d="M0 -20 A190 100 0 0 1 0 180" />
    </g>
    <g transform="translate(470 80)">
      <circle r="42" fill="#ea580c" stroke="#431407" strokeWidth="3" />
      <g fill="none" stroke="#431407" strokeWidth="2.5">
        <line x1="-42" x2="42" y1="0" y2="0" />
        <line x1="0" x2="0" y1="-42" y2="42" />
        <path d="M-30 -29 Q-12 0 -30 29" />
        <path d="M30 -29 Q12 0 30 29" />
      </g>
    </g>
  </>
);

const hockey = (
  <>
    <Backdrop id="banner-ice" from="#f8fbff" to="#d6e6f5" />
    {Array.from({ length: 14 }, (_, index) => (
      <path
        key={index}
        d={`M${index * 48 - 40} 160 Q${index * 48} 90 ${index * 48 + 60} 0`}
        stroke="#9fbfdc"
        strokeOpacity="0.35"
        fill="none"
      />
    ))}
    <rect x="296" width="8" height="160" fill="#dc2626" opacity="0.85" />
    <rect x="170" width="8" height="160" fill="#2563eb" opacity="0.8" />
    <rect x="422" width="8" height="160" fill="#2563eb" opacity="0.8" />
    <circle cx="300" cy="80" r="44" fill="none" stroke="#2563eb" strokeWidth="3" opacity="0.8" />
    <circle cx="300" cy="80" r="5" fill="#2563eb" />
    <g fill="none" stroke="#dc2626" strokeWidth="3" opacity="0.75">
      <circle cx="80" cy="80" r="40" />
      <circle cx="520" cy="80" r="40" />
    </g>
    <circle cx="80" cy="80" r="5" fill="#dc2626" />
    <circle cx="520" cy="80" r="5" fill="#dc2626" />
    <g transform="translate(470 108)">
      <ellipse rx="26" ry="9" fill="#111827" />
      <rect x="-26" y="-8" width="52" height="8" fill="#111827" />
      <ellipse cy="-8" rx="26" ry="9" fill="#374151" />
    </g>
  </>
);

const placeholder = (
  <>
    <Backdrop id="banner-plain" from="#4f46e5" to="#0891b2" />
    {[40, 80, 120, 160, 200].map((radius) => (
      <circle
        key={radius}
        cx="500"
        cy="80"
        r={radius}
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.12"
        strokeWidth="2"
      />
    ))}
    <g transform="translate(500 80)" fill="#ffffff" fillOpacity="0.85">
      <path d="M-22 -34 H22 V-10 A22 22 0 0 1 -22 -10 Z" />
      <path
        d="M-22 -28 H-34 A12 12 0 0 0 -22 -6 M22 -28 H34 A12 12 0 0 1 22 -6"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.85"
        strokeWidth="4"
      />
      <rect x="-5" y="10" width="10" height="14" />
      <rect x="-18" y="24" width="36" height="8" rx="2" />
    </g>
  </>
);

const banners: Record<number, ReactNode> = { 33: football, 35: basketball, 37: hockey };

/** Whether the banner is light, so the text over it must be dark. */
export const bannerIsLight = (sportId: number | undefined) => sportId === 37;

export function SportBanner({ sportId }: { sportId: number | undefined }) {
  return (
    <svg
      className="sport-banner__art"
      viewBox="0 0 600 160"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      {(sportId !== undefined && banners[sportId]) || placeholder}
    </svg>
  );
}

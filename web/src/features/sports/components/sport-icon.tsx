// Sport icons by sport name (docs/rules.md, Sport icons); 'Football' is soccer, American football is 'NFL'.
import type { ReactNode } from 'react';

const ball = <circle cx="12" cy="12" r="9" />;

const shapes: Record<string, ReactNode> = {
  baseball: (
    <>
      {ball}
      <path d="M6.3 5.2c2.3 3.9 2.3 9.7 0 13.6M17.7 5.2c-2.3 3.9-2.3 9.7 0 13.6" />
      <path d="M7.2 8.2h1.6M7.6 12h1.6M7.2 15.8h1.6M15.2 8.2h1.6M14.8 12h1.6M15.2 15.8h1.6" />
    </>
  ),
  americanFootball: (
    <>
      <ellipse cx="12" cy="12" rx="10" ry="6" transform="rotate(-45 12 12)" />
      <path d="m9 15 6-6M10.2 11.8l2 2M11.8 10.2l2 2" />
    </>
  ),
  hockey: (
    <>
      <path d="M8 3l5.5 13.5h5a1.5 1.5 0 0 1 0 3H12.4a1.5 1.5 0 0 1-1.4-.9L5 3" />
      <ellipse cx="5.5" cy="19" rx="3" ry="1.5" />
    </>
  ),
  basketball: (
    <>
      {ball}
      <path d="M3 12h18M12 3v18M6.2 5.2C8.6 7 10 9.5 10 12s-1.4 5-3.8 6.8M17.8 5.2C15.4 7 14 9.5 14 12s1.4 5 3.8 6.8" />
    </>
  ),
  soccer: (
    <>
      {ball}
      <path d="m12 8.2 3.3 2.4-1.3 3.9h-4l-1.3-3.9z" />
      <path d="M12 8.2V3.2M15.3 10.6l4.6-1.5M14 14.5l2.9 4M10 14.5l-2.9 4M8.7 10.6 4.1 9.1" />
    </>
  ),
  volleyball: (
    <>
      {ball}
      <path d="M12 12V3M12 12l7.8 4.5M12 12l-7.8 4.5M8 4c1.8 3.3 1.5 7-.9 10.5M20.7 10c-3.6-.9-7 .5-9.3 4M6.7 19.3c2.6-2 6.4-2.5 10.4-1.1" />
    </>
  ),
  tennis: (
    <>
      {ball}
      <path d="M3.5 9.5c3.5.6 6.2 3.6 6.6 11.3M20.5 14.5c-3.5-.6-6.2-3.6-6.6-11.3" />
    </>
  ),
  tableTennis: (
    <>
      <circle cx="10" cy="10" r="6.5" />
      <path d="m14.6 14.6 5.4 5.4" />
      <circle cx="19" cy="5" r="1.8" />
    </>
  ),
  generic: (
    <>
      {ball}
      <path d="M5 7.5c4 1.5 10 1.5 14 0M5 16.5c4-1.5 10-1.5 14 0" />
    </>
  ),
};

const shapeByName: Record<string, keyof typeof shapes> = {
  mlb: 'baseball',
  baseball: 'baseball',
  nfl: 'americanFootball',
  americanfootball: 'americanFootball',
  nhl: 'hockey',
  hockey: 'hockey',
  icehockey: 'hockey',
  nba: 'basketball',
  basketball: 'basketball',
  football: 'soccer',
  soccer: 'soccer',
  mls: 'soccer',
  volleyball: 'volleyball',
  tennis: 'tennis',
  tabletennis: 'tableTennis',
  pingpong: 'tableTennis',
};

export function SportIcon({ sportName, size = 24 }: { sportName: string; size?: number }) {
  const shape = shapeByName[sportName.toLowerCase().replace(/[^a-z]/g, '')] ?? 'generic';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shapes[shape]}
    </svg>
  );
}

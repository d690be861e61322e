import type { DemoAffiliate, SportKey } from './demo-types.ts';

const DEMO_AFFILIATES: readonly DemoAffiliate[] = [
  { id: 1, sport: 'NFL', name: 'Demo Sportsbook', url: 'https://sportsbook.example.com' },
  { id: 2, sport: 'NFL', name: 'Pickem Lines', url: 'https://lines.example.com' },
  { id: 3, sport: 'NBA', name: 'Demo Sportsbook Hoops', url: 'https://hoops.sportsbook.example.com' },
  { id: 4, sport: 'NBA', name: 'Courtside Lines', url: 'https://courtside.example.com' },
];

export function demoAffiliates(sport: SportKey): DemoAffiliate[] {
  return DEMO_AFFILIATES.filter((affiliate) => affiliate.sport === sport).map((affiliate) => ({ ...affiliate }));
}

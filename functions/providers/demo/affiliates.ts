import type { ProviderAffiliate, SportKey } from '../port.ts';

const DEMO_AFFILIATES: readonly ProviderAffiliate[] = [
  { id: 1, sport: 'NFL', name: 'Demo Sportsbook', url: 'https://sportsbook.example.com' },
  { id: 2, sport: 'NFL', name: 'Pickem Lines', url: 'https://lines.example.com' },
  { id: 3, sport: 'NBA', name: 'Demo Sportsbook Hoops', url: 'https://hoops.sportsbook.example.com' },
  { id: 4, sport: 'NBA', name: 'Courtside Lines', url: 'https://courtside.example.com' },
];

export function demoAffiliates(sport: SportKey): ProviderAffiliate[] {
  return DEMO_AFFILIATES.filter((affiliate) => affiliate.sport === sport).map((affiliate) => ({ ...affiliate }));
}

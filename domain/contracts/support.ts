// A player's message to the administrator (Contact Admin). The API has no call to send it yet; the form's rules
// live here so that the call, when it comes, checks the same ones.
import * as z from 'zod/mini';

export const supportIssues = [
  'Signing in or my account',
  'Picks and bets',
  'Scores and results',
  'Leaderboard and points',
  'Something else',
] as const;

export const contactAdminMessage = z.object({
  issue: z.enum(supportIssues, { error: 'Issue is required' }),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required')),
});

// Sign-up forms for the invite tests: each a new person, with the invite code if given.
import type { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';

let signUps = 0;
/** A complete sign-up form for a new person at the domain, with the invite code if given. */
export function newcomer(domain: string, inviteCode?: string): RequestOf<typeof contracts.register> {
  signUps += 1;
  const login = `invitee${signUps}`;
  return {
    login,
    emailAddress: `${login}@example.com`,
    password: 'invited-pass-word',
    repeatPassword: 'invited-pass-word',
    displayName: `Invitee ${signUps}`,
    firstName: 'Invitee',
    lastName: `Number${signUps}`,
    phoneNumber: '+12025550142',
    domain,
    ...(inviteCode === undefined ? {} : { inviteCode }),
  };
}

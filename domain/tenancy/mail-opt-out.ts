// The last line of a mail a player may stop getting. A role with 'view own profile' has the profile page, where its
// notification settings turn the mail off; a role without it has none, so the pool's administrators do it for them
// (the Edit User dialog's mail boxes).

export const mailOptOutLine = (mails: string, ownProfile: boolean) =>
  ownProfile
    ? `You can turn ${mails} off in the notification settings of your profile.`
    : `The administrators of your pool can turn ${mails} off for you.`;

// The rules open by themselves 5 s after sign-in unless the user asked not to see them; the
// choice is stored with the rules' version, so changed rules are shown again.
const storageKey = 'pickem.rules.hidden';
const rulesVersion = '1.0';

export const rulesAutoOpenDelayMs = 5000;

export const rulesHidden = (): boolean => localStorage.getItem(storageKey) === rulesVersion;

export function hideRules(): void {
  localStorage.setItem(storageKey, rulesVersion);
}

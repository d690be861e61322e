// The JWT signing keys: the versions of the secret JWT_SECRET_ARN names (locally AWS_ENDPOINT_URL_SECRETS_MANAGER
// points at the runtime, which keeps the key under .data/). A token names its key by the secret's version id
// (`kid`); the key before the current one still verifies, so a rotation signs nobody out (docs/rules.md, Session).
import type { SecretVersions, StagedValue } from './secret-versions.ts';

export interface SigningKeys {
  /** The key new tokens are signed with, and its id. */
  current(): Promise<{ id: string; key: Uint8Array }>;
  /** The key a token names, if it may still verify: the current one or the one before (no id: the current one). */
  named(id: string | undefined): Promise<Uint8Array | undefined>;
}

const encode = (staged: StagedValue) => new TextEncoder().encode(staged.value);
const isCurrent = (staged: StagedValue) => staged.stages.includes('AWSCURRENT');

export function signingKeys(versions: SecretVersions): SigningKeys {
  return {
    async current() {
      const staged = await versions.find(isCurrent);
      if (!staged) throw new Error('The JWT secret has no current version');
      return { id: staged.versionId, key: encode(staged) };
    },
    async named(id) {
      const staged = await versions.find((v) =>
        id === undefined ? isCurrent(v) : v.versionId === id && (isCurrent(v) || v.stages.includes('AWSPREVIOUS')),
      );
      return staged && encode(staged);
    },
  };
}

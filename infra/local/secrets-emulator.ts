// Secrets Manager as the handlers and the rotation use it: versions with staging labels (AWSCURRENT, AWSPENDING,
// AWSPREVIOUS), each label on one version at a time, and the AWSPREVIOUS that moving AWSCURRENT leaves behind.
// Kept in memory: the local stack's JWT key itself lives under .data/ (infra/local/stack.ts).

interface Version {
  id: string;
  /** None yet while a rotation has only staged its version (RotateSecret, before the createSecret step). */
  value?: string;
  stages: string[];
}

/** The fields of the operations' requests this emulator reads. */
interface Input {
  SecretId?: string;
  VersionId?: string;
  VersionStage?: string;
  ClientRequestToken?: string;
  SecretString?: string;
  VersionStages?: string[];
  MoveToVersionId?: string;
  RemoveFromVersionId?: string;
}

export interface SecretsAnswer {
  status: number;
  body: unknown;
}

const notFound = (message: string): SecretsAnswer => ({
  status: 400,
  body: { __type: 'ResourceNotFoundException', message },
});
const invalid = (message: string): SecretsAnswer => ({
  status: 400,
  body: { __type: 'InvalidRequestException', message },
});

/** Answers Secrets Manager operations (the JSON protocol's target without its prefix) on the given secrets. */
export function secretsEmulator(initial: Record<string, string>) {
  const secrets = new Map<string, Version[]>(
    Object.entries(initial).map(([name, value]) => [name, [{ id: `${name}#initial`, value, stages: ['AWSCURRENT'] }]]),
  );
  /** Puts a stage on one version, taking it off the version that had it. */
  const stage = (versions: Version[], label: string, to: Version) => {
    for (const version of versions) version.stages = version.stages.filter((s) => s !== label);
    to.stages.push(label);
  };

  const operations: Record<string, (versions: Version[], input: Input, name: string) => SecretsAnswer> = {
    GetSecretValue(versions, { VersionId, VersionStage }, name) {
      const version = versions.find((v) =>
        VersionId
          ? v.id === VersionId && (!VersionStage || v.stages.includes(VersionStage))
          : v.stages.includes(VersionStage ?? 'AWSCURRENT'),
      );
      if (version?.value === undefined)
        return notFound(`Secret ${name} has no version ${VersionId ?? VersionStage ?? 'AWSCURRENT'}`);
      return {
        status: 200,
        body: {
          ARN: name,
          Name: name,
          VersionId: version.id,
          SecretString: version.value,
          VersionStages: version.stages,
        },
      };
    },
    DescribeSecret(versions, _input, name) {
      const staged = versions.filter((v) => v.stages.length > 0).map((v) => [v.id, v.stages]);
      return { status: 200, body: { ARN: name, Name: name, VersionIdsToStages: Object.fromEntries(staged) } };
    },
    PutSecretValue(versions, { ClientRequestToken, SecretString, VersionStages }, name) {
      if (!ClientRequestToken || typeof SecretString !== 'string')
        return invalid('A token and a string value are needed');
      const staged = versions.find((v) => v.id === ClientRequestToken);
      // As AWS: a version is never changed. A second put under its token with the same value (the SDK's resend of a
      // put whose answer was lost) succeeds and does nothing; with another value it is refused as existing.
      if (staged?.value === SecretString)
        return { status: 200, body: { ARN: name, Name: name, VersionId: staged.id, VersionStages: staged.stages } };
      if (staged?.value !== undefined)
        return {
          status: 400,
          body: { __type: 'ResourceExistsException', message: `Version ${ClientRequestToken} exists` },
        };
      const version: Version = staged ?? { id: ClientRequestToken, stages: [] };
      version.value = SecretString;
      if (!staged) versions.push(version);
      for (const label of VersionStages ?? ['AWSCURRENT']) stage(versions, label, version);
      return { status: 200, body: { ARN: name, Name: name, VersionId: version.id, VersionStages: version.stages } };
    },
    // What RotateSecret does before it invokes the rotation function: a version staged AWSPENDING, without a value.
    // The test that plays Secrets Manager then runs the function's steps with its token.
    RotateSecret(versions, { ClientRequestToken }, name) {
      const version: Version = { id: ClientRequestToken ?? `${name}#${versions.length + 1}`, stages: [] };
      versions.push(version);
      stage(versions, 'AWSPENDING', version);
      return { status: 200, body: { ARN: name, Name: name, VersionId: version.id } };
    },
    UpdateSecretVersionStage(versions, { VersionStage, MoveToVersionId, RemoveFromVersionId }, name) {
      if (!VersionStage) return invalid('A version stage is needed');
      const to = versions.find((v) => v.id === MoveToVersionId);
      const from = versions.find((v) => v.stages.includes(VersionStage));
      if (!to) return notFound(`Secret ${name} has no version ${MoveToVersionId}`);
      if (from && from.id !== RemoveFromVersionId && from !== to)
        return invalid(`${VersionStage} is on version ${from.id}, not ${RemoveFromVersionId}`);
      stage(versions, VersionStage, to);
      // As in AWS: the version that was current becomes the previous one.
      if (VersionStage === 'AWSCURRENT' && from && from !== to) stage(versions, 'AWSPREVIOUS', from);
      return { status: 200, body: { ARN: name, Name: name } };
    },
  };

  return (operation: string, input: Input): SecretsAnswer => {
    const versions = secrets.get(input.SecretId ?? '');
    if (!versions) return notFound(`No secret ${input.SecretId}`);
    const answer = operations[operation];
    if (!answer) return invalid(`The local Secrets Manager does not answer ${operation}`);
    return answer(versions, input, input.SecretId!);
  };
}

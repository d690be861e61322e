import { useRef } from 'react';
import type { Team } from '@/lib/api/get-team-list';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { useSetTeamLogo } from '../api/set-team-logo';

/**
 * The text of a chosen file; refused when it is not text (docs/rules.md, Team logo): an image saved as PNG or any
 * other binary file is not valid UTF-8 or holds NUL bytes, and gets the spec's 'Something went wrong...'.
 */
async function readAsText(file: File): Promise<string> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  if (text.includes('\0')) throw new Error('not text');
  return text;
}

/** Set Logo: choose an SVG file; the server keeps only its drawing (docs/rules.md, Team logo). */
export function SetLogoButton({ team }: { team: Team }) {
  const input = useRef<HTMLInputElement>(null);
  const setLogo = useSetTeamLogo();
  const toast = useToast();

  const upload = async (file: File) => {
    let logo: string;
    try {
      logo = await readAsText(file);
    } catch {
      toast.notify('error', 'Something went wrong...');
      return;
    }
    try {
      const version = team.markChanges ?? 0;
      await setLogo.trigger({ id: team.id, sportId: team.sportId, logo, version }, { throwOnError: true });
      toast.notify('success', 'Logo Saved');
    } catch (failure) {
      toast.notifyError(failure);
    }
  };

  return (
    <>
      <Button variant="ghost" isLoading={setLogo.isMutating} onClick={() => input.current?.click()}>
        Set Logo<span className="visually-hidden"> of {team.name}</span>
      </Button>
      <input
        ref={input}
        type="file"
        accept=".svg,image/svg+xml"
        hidden
        aria-label={`Logo file of ${team.name}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}

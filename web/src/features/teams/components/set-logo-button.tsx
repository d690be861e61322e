import { useRef } from 'react';
import type { Team } from '@/lib/api/get-team-list';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { useSetTeamLogo } from '../api/set-team-logo';

/** The text of a chosen file; refused when the browser cannot read it as text. */
const readAsText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(reader.error));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

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
      await setLogo.trigger({ id: team.id, sportId: team.sportId, logo }, { throwOnError: true });
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

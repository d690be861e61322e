import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The week's standings as the server's CSV file, saved by the browser under the server's name for it. */
export async function downloadStandings(input: { sportId: number; weekId: number }): Promise<void> {
  const { blob, fileName } = await api.download(contracts.balanceExport, input);
  saveFile(blob, fileName);
}

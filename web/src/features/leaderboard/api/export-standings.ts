import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

/** The week's standings as the server's CSV file, saved by the browser under the server's name for it. */
export async function downloadStandings(input: { sportId: number; weekId: number }): Promise<void> {
  const { blob, fileName } = await api.download(contracts.balanceExport, input);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

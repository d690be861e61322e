// The Users page's CSV import in the browser: files written to a temporary folder (17 good rows, then 3 bad ones)
// and the Import CSV file dialog driven with them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { testFolder } from '../../support/global-setup.ts';

const tmp = testFolder('pickem-users-csv-');
export function writeCsv(name: string, content: string): string {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
}

export const csvHeader = 'login,email,first name,last name,display name,phone,role';
const goodRows = Array.from({ length: 17 }, (_, index) => {
  const login = `csv${String(index + 1).padStart(2, '0')}`;
  return `${login},${login}@demo.example.com,Csv,"Player, ${index + 1}",Csv ${index + 1},202 555 01${String(index).padStart(2, '0')},Bettor`;
});
// Lines 2-18 are good; line 19 has a bad e-mail, line 20 repeats line 2's login, line 21 names no role of the client.
const badRows = [
  'csvbad1,not-an-email,Bad,Mail,Bad Mail,202 555 0190,Bettor',
  'csv01,again@demo.example.com,Csv,Again,Csv Again,202 555 0191,Bettor',
  'csvbad3,csvbad3@demo.example.com,Bad,Role,Bad Role,202 555 0192,Chief Wizard',
];
export const importFile = () => writeCsv('players.csv', [csvHeader, ...goodRows, ...badRows].join('\r\n') + '\r\n');

export async function importCsv(page: Page, file: string) {
  await page.getByRole('button', { name: 'Import CSV file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV file' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  return dialog;
}

// The company administrator imports users from a CSV file on the Users page: the import runs as a job whose report
// names the refused lines, and the dialog offers a template of the client's roles that the import accepts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importCsv, importFile, writeCsv } from './support/users-csv.ts';
import { notice, openUsers, range, search, useUsersStack } from './support/users-page.ts';

const app = useUsersStack();

describe('the Users page', () => {
  it('a CSV of 20 rows with 3 bad ones creates 17 users, reports the 3 lines, and importing it again creates none', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await openUsers(page);

    const dialog = await importCsv(page, importFile());
    await dialog.getByText('17 users created, 3 lines refused').waitFor();
    await notice(page, 'Imported');
    const report = dialog.getByRole('table', { name: 'Refused lines' });
    const reported = await report
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
    expect(reported.map(([, login]) => login)).toEqual(['csvbad1', 'csv01', 'csvbad3']);
    expect(reported.map(([line]) => Number(line))).toEqual([19, 20, 21]);
    expect(reported[0]![2]).toMatch(/e-?mail/i);
    expect(reported[1]![2]).toMatch(/login/i);
    expect(reported[2]![2]).toMatch(/role/i);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download refused lines' }).click(),
    ]);
    const refusedCsv = readFileSync((await download.path())!, 'utf8');
    expect(refusedCsv.split('\r\n')[0]).toBe('line,login,reason');
    expect(refusedCsv).toContain('19,csvbad1,');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await search(page, 'csv');
    await expect.poll(() => range(page).textContent()).toBe('1–17 of 17');

    const again = await importCsv(page, importFile());
    await again.getByText('0 users created, 17 already there (imported before), 3 lines refused').waitFor();
    await again.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => range(page).textContent()).toBe('1–17 of 17');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the CSV dialog names the client’s roles and offers a template the import accepts once filled in', async () => {
    const { context, page, problems } = await app.openAs('coach');
    await page.getByRole('link', { name: 'All users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import CSV file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV file' });
    expect(await dialog.getByText(/^Roles of your client:/).textContent()).toContain('Bettor');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    const [header] = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(header).toBe('login,email,first name,last name,display name,phone,role,active');
    const filled = writeCsv(
      'from-template.csv',
      `${header}\r\ntmpl01,tmpl01@demo.example.com,Tem,Plate,Tem Plate,202 555 0193,Bettor,yes\r\n`,
    );
    await dialog.getByLabel('CSV file').setInputFiles(filled);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('1 user created, 0 lines refused').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

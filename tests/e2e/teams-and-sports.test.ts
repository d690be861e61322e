// The system administrator manages the catalogue from the browser: edits a team, sets its logo from a
// malicious SVG file (the page shows only the cleaned drawing, as an image), gives a hand-set field the
// feed's value back, changes a sport's Regular and Bonus days, and loads the feed's teams.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listTeams } from '../../functions/store/catalogue.ts';
import { followNavItem, tenantUrl, unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();
const nfl = 33;

/** A success or info toast; its text follows a visually hidden 'Success:' or 'Info:'. */
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

const maliciousLogo = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" onload="window.pwned = 1">' +
    '<script>window.pwned = 2</script>' +
    '<foreignObject width="64" height="64"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:parent.pwned=3"/></foreignObject>' +
    '<circle cx="32" cy="32" r="29" fill="#0B162A" onclick="window.pwned = 4"/>' +
    '</svg>',
);

/** The system administrator, signed in at the system client's address, on the page at the path. */
async function openAsAdmin(path: string) {
  const url = tenantUrl(app.stack.url, 'admin');
  const opened = await app.openAs('admin', { password: 'pickem-admin', url });
  if (path) await opened.page.goto(`${url}${path}`);
  return opened;
}

describe('teams and sports in the browser', () => {
  it('the system administrator edits a team and sets its logo from a malicious SVG: the page shows the clean drawing as an image', async () => {
    const { context, page, problems } = await openAsAdmin('');
    await followNavItem(page, 'Management');
    await page.getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    const [team] = await listTeams(app.stack.deps, nfl);
    const row = page.getByRole('row').filter({ hasText: team!.name });
    await row.waitFor();

    await row.getByRole('button', { name: `Edit Team ${team!.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit Team ${team!.name}` });
    await dialog.getByRole('textbox', { name: 'Abbreviation' }).fill('X');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Abbreviation must be 2 to 5 letters or digits').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Harbor Gulls');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Harbor');
    await dialog.getByRole('textbox', { name: 'Mascot' }).fill('Gulls');
    await dialog.getByRole('textbox', { name: 'Abbreviation' }).fill('hgl');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Changes Saved');
    const edited = page.getByRole('row').filter({ hasText: 'Harbor Gulls' });
    await edited.getByRole('cell', { name: 'HGL', exact: true }).waitFor();
    await edited.getByRole('cell', { name: 'Gulls', exact: true }).waitFor();

    // A file that is not text (an image saved as PNG) cannot be read as a logo: the spec's words, nothing sent.
    const pngChooser = page.waitForEvent('filechooser');
    await edited.getByRole('button', { name: 'Set Logo of Harbor Gulls' }).click();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]);
    await (await pngChooser).setFiles({ name: 'gulls.svg', mimeType: 'image/svg+xml', buffer: png });
    await page.getByRole('alert').filter({ hasText: 'Something went wrong...' }).first().waitFor();

    const chooser = page.waitForEvent('filechooser');
    await edited.getByRole('button', { name: 'Set Logo of Harbor Gulls' }).click();
    await (await chooser).setFiles({ name: 'gulls.svg', mimeType: 'image/svg+xml', buffer: maliciousLogo });
    await notice(page, 'Logo Saved');

    const logo = edited.getByRole('img', { name: 'Harbor Gulls logo' });
    // The list is asked again after the save: the image shows the cleaned drawing once it is back.
    const shown = async () => {
      const [scheme, data] = ((await logo.getAttribute('src')) ?? '').split(',');
      return { scheme, svg: Buffer.from(data ?? '', 'base64').toString('utf8') };
    };
    await expect.poll(shown).toEqual({
      scheme: 'data:image/svg+xml;base64',
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="29" fill="#0B162A"/></svg>',
    });
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await edited.locator('svg circle').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const stored = (await listTeams(app.stack.deps, nfl)).find((candidate) => candidate.id === team!.id)!;
    expect(Buffer.from(stored.logo, 'base64').toString('utf8')).not.toMatch(/script|onload|onclick|foreignObject/i);

    // What was changed here is set by hand, which Load Teams leaves; 'Use the feed's value' takes one back.
    const handSet = edited.getByRole('listitem');
    expect(await handSet.allInnerTexts()).toEqual(
      ['Name', 'City', 'Mascot', 'Abbreviation', 'Logo'].map((field) => expect.stringContaining(field)),
    );
    await edited.getByRole('button', { name: "Use the feed's value for the mascot of Harbor Gulls" }).click();
    await edited.getByRole('cell', { name: team!.mascot, exact: true }).waitFor();
    await expect.poll(() => handSet.count()).toBe(4);
    expect(unexpectedProblems(problems, 400)).toEqual([]);
    await context.close();
  });

  it("the system administrator changes a sport's days: Saturday and Sunday become Bonus, Monday and Tuesday Regular", async () => {
    const { context, page, problems } = await openAsAdmin('/#/management/sports');
    await page.getByRole('heading', { name: 'Sports', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'NBA' });
    await row.getByRole('cell', { name: 'Bonus' }).first().waitFor();

    await row.getByRole('button', { name: 'Edit NBA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit NBA' });
    for (const [day, kind] of [
      ['Saturday', 'Bonus'],
      ['Sunday', 'Bonus'],
      ['Monday', 'Regular'],
      ['Tuesday', 'Regular'],
    ] as const)
      await dialog.getByRole('group', { name: day }).getByRole('button', { name: kind }).click();
    await dialog.getByText('Monday is a bonus day; it cannot also be a regular pick day').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    for (const [label, day] of [
      ['First bonus game day', 'Sunday'],
      ['Second bonus game day', 'Saturday'],
    ] as const) {
      await dialog.getByRole('button', { name: new RegExp(`^${label} `) }).click();
      await page.getByRole('option', { name: day }).click();
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Sport has been changed');

    const cells = async () => (await row.getByRole('cell').allInnerTexts()).slice(1, 8);
    await expect.poll(cells).toEqual(['Regular', 'Regular', 'Regular', 'Regular', 'Regular', 'Bonus', 'Bonus']);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  // Load Teams runs the lead's load-teams job: until that job is merged this step fails on this branch.
  it('Load Teams shows Loading..., then what the import did, and the list is refreshed', async () => {
    const { context, page, problems } = await openAsAdmin('/#/management/teams');
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await page.getByRole('table').waitFor();
    await page.getByRole('button', { name: 'Load Teams' }).click();
    await notice(page, 'Loading...');
    await notice(page, /Imported: \d+ teams? added, \d+ updated/);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});

// The processes page in the browser: the system administrator adds a schedule to Import Scores (offered at 06:00),
// makes one monthly on day 31 and deletes it; a Pick Reminders schedule firing mails the bettors whose week's picks are
// missing, except those who turned reminders off in their profile.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followNavItem, tenantUrl, unexpectedProblems } from './support/app.ts';
import { mailsTo } from '../support/outbox.ts';
import { useBrowserStack } from './support/browser-stack.ts';

// Thursday noon in New York, week 9: its games are open and half the bettors (alex, jordan) have not picked yet.
const now = '2026-11-19T17:00:00Z';

const app = useBrowserStack(now);

/** A success toast; its text follows a visually hidden 'Success:'. */
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

const demoMail = (login: string) => `${login}@demo.example.com`;

/** The system administrator on the processes page, with the schedule of the process shown. */
async function openSchedule(processName: string) {
  const url = tenantUrl(app.stack.url, 'admin');
  const opened = await app.openAs('admin', { password: 'pickem-admin', url });
  const { page } = opened;
  await followNavItem(page, 'Processes');
  await page.getByRole('heading', { name: 'Processes', level: 1 }).waitFor();
  // Processes run on the scheduler's zone, labelled once on the page.
  await page.getByRole('main').getByText('Times in New York time (ET)').waitFor();
  await page
    .getByRole('row')
    .filter({ hasText: processName })
    .getByRole('button', { name: `Show process schedule of ${processName}` })
    .click();
  return { ...opened, schedule: page.getByRole('region', { name: `Schedule of ${processName}` }) };
}

/** The hour and minute in New York of an instant. */
function newYorkTime(instant: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: 'hour' | 'minute') => Number(parts.find((each) => each.type === type)!.value);
  return { hour: part('hour'), minute: part('minute') };
}

describe('the processes page', () => {
  it('the administrator adds a daily schedule to Import Scores, makes it monthly on day 31, deletes it', async () => {
    const { context, page, problems, schedule } = await openSchedule('Import Scores');
    await schedule.getByRole('button', { name: 'Add schedule' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add schedule to Import Scores' });
    expect(await dialog.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    // Once a day has no month day.
    expect(await dialog.getByRole('button', { name: 'Periodicity Once a day' }).isEnabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Month day/ }).isDisabled()).toBe(true);
    // A new schedule opens at 06:00, after the night's games and before the day's: saved as it opened.
    expect(await dialog.getByRole('spinbutton', { name: 'Hour' }).inputValue()).toBe('6');
    expect(await dialog.getByRole('spinbutton', { name: 'Minute' }).inputValue()).toBe('0');
    await dialog.getByText(/^Suggested: once a day at 06:00/).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Process schedule has been updated');
    await dialog.waitFor({ state: 'detached' });
    const suggested = schedule.getByRole('row').filter({ hasText: '06:00' });
    await suggested.getByRole('cell', { name: 'Once a day', exact: true }).waitFor();
    // The next one is offered the next free full hour.
    await schedule.getByRole('button', { name: 'Add schedule' }).click();
    expect(await dialog.getByRole('spinbutton', { name: 'Hour' }).inputValue()).toBe('7');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const suggestedId = (await suggested.getByRole('cell').first().textContent())!;
    await suggested.getByRole('button', { name: `Delete schedule ${suggestedId}` }).click();
    await page.getByRole('dialog', { name: 'Delete schedule' }).getByRole('button', { name: 'Delete' }).click();
    await notice(page, `Schedule ${suggestedId} has been deleted`);
    await schedule.getByText('No schedules').waitFor();

    await schedule.getByRole('button', { name: 'Add schedule' }).click();
    await dialog.getByRole('spinbutton', { name: 'Hour' }).fill('24');
    await dialog.getByRole('spinbutton', { name: 'Minute' }).fill('60');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Hours must be from 0 to 23').waitFor();
    await dialog.getByText('Minutes must be from 0 to 59').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Hour' }).fill('6');
    await dialog.getByRole('spinbutton', { name: 'Minute' }).fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Process schedule has been updated');
    await dialog.waitFor({ state: 'detached' });

    const row = schedule.getByRole('row').filter({ hasText: '06:30' });
    await row.getByRole('cell', { name: 'Once a day', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    const id = (await row.getByRole('cell').first().textContent())!;
    expect(id).toMatch(/^\d+$/);

    await row.getByRole('button', { name: `Edit schedule ${id}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit schedule ${id}` });
    await dialog.getByRole('button', { name: 'Periodicity Once a day' }).click();
    await page.getByRole('option', { name: 'Once a month' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Month day must be from 1 to 31').waitFor();
    await dialog.getByRole('button', { name: 'Month day Select the day' }).click();
    await page.getByRole('option', { name: '31', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Process schedule has been updated');
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Once a month on day 31' }).waitFor();

    // Choosing once a day again clears the month day and disables it.
    await row.getByRole('button', { name: `Edit schedule ${id}` }).click();
    await dialog.getByRole('button', { name: 'Month day 31' }).waitFor();
    await dialog.getByRole('button', { name: 'Periodicity Once a month' }).click();
    await page.getByRole('option', { name: 'Once a day' }).click();
    expect(await dialog.getByRole('button', { name: 'Month day Every day' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Delete schedule ${id}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete schedule' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await notice(page, `Schedule ${id} has been deleted`);
    await schedule.getByText('No schedules').waitFor();
    // The list as the server has it, not as the page remembers it.
    await page.reload();
    await page.getByRole('button', { name: 'Show process schedule of Import Scores' }).click();
    await schedule.getByText('No schedules').waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('with reminders a week before each lock, a Pick Reminders schedule firing mails a bettor whose picks are missing, not one who turned reminders off', async () => {
    // Thursday noon: the week's first game has started, its last pick day is Sunday. The commissioner has the
    // reminders go out a week ahead, so Sunday's is due now.
    const commissioner = await app.openAs('coach');
    await commissioner.page.goto(`${app.stack.url}/#/missing-picks`);
    const reminderCard = commissioner.page.getByRole('region', { name: 'Pick Reminders' });
    await reminderCard.getByRole('button', { name: 'Mail them 3 hours before' }).click();
    await commissioner.page.getByRole('option', { name: '1 week before' }).click();
    await notice(commissioner.page, 'Changes Saved');
    await reminderCard.getByRole('button', { name: 'Mail them 1 week before' }).waitFor();
    await reminderCard.getByText(/NFL Week 9: .*, before the last pick day's first game/).waitFor();
    expect(unexpectedProblems(commissioner.problems)).toEqual([]);
    await commissioner.context.close();

    const bettor = await app.openAs('jordan');
    await bettor.page.goto(`${app.stack.url}/#/profile/notifications`);
    const reminders = bettor.page.getByRole('switch', { name: 'Pick reminders', exact: true });
    expect(await reminders.isChecked()).toBe(true);
    // By keyboard, as the switch is a labelled checkbox.
    await reminders.focus();
    await bettor.page.keyboard.press('Space');
    await notice(bettor.page, 'Changes Saved');
    await bettor.page.reload();
    expect(await bettor.page.getByRole('switch', { name: 'Pick reminders', exact: true }).isChecked()).toBe(false);
    expect(bettor.problems).toEqual([]);
    await bettor.context.close();

    const { context, page, problems, schedule } = await openSchedule('Pick Reminders');
    // A few minutes after the stack's clock, in New York's time as the form asks.
    const due = new Date(app.stack.deps.clock.now().getTime() + 5 * 60_000);
    const at = newYorkTime(due);
    await schedule.getByRole('button', { name: 'Add schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add schedule to Pick Reminders' });
    await dialog.getByRole('spinbutton', { name: 'Hour' }).fill(String(at.hour));
    await dialog.getByRole('spinbutton', { name: 'Minute' }).fill(String(at.minute));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Process schedule has been updated');
    expect(mailsTo(app.stack.outboxDir, demoMail('alex'))).toEqual([]);

    // The administrator's schedule, and Pick Reminders' own, which the new hours set to the reminder due now.
    expect(app.stack.fireDueSchedules(new Date(due.getTime() + 60_000))).toBe(2);
    await expect
      .poll(() => mailsTo(app.stack.outboxDir, demoMail('alex')).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    // Once the run is over: alex has one mail for each of Demo's sports (NFL and NBA), each with the way to his
    // picks; whoever it did not mail, it does not mail; the page shows how it went.
    await app.stack.settled();
    const alexMails = mailsTo(app.stack.outboxDir, demoMail('alex'));
    expect(alexMails).toHaveLength(2);
    expect(alexMails.map((mail) => /Your (NFL|NBA) picks/.exec(mail)?.[1]).sort()).toEqual(['NBA', 'NFL']);
    for (const mail of alexMails) expect(mail).toContain('/#/picks');
    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: 'Pick Reminders' })
      .getByText(/^Succeeded/)
      .waitFor();
    expect(mailsTo(app.stack.outboxDir, demoMail('jordan'))).toEqual([]);
    // Sam has placed this week's five picks.
    expect(mailsTo(app.stack.outboxDir, demoMail('sam'))).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});

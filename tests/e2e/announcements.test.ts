// Announcements as a pool sees them: the commissioner posts one from the dashboard with mail; a player on a phone in
// Tokyo finds it in the bell (unread) and on the dashboard, as text with its web address a safe link, marks it read, and it stays read on another
// device; the commissioner deletes it after a confirmation and it is gone for everyone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { apiToken, unexpectedProblems } from './support/app.ts';
import { mailsTo } from '../support/outbox.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack('2026-11-19T17:00:00Z');

const title = 'Thanksgiving week';
// Markup in a message is text: it is shown as typed, never rendered. An http(s) address is a link; no other scheme is.
const rules = 'https://pool.example.com/rules';
const body = `Games start Thursday.\nPick early! <b>No excuses</b>\nRules: ${rules}. Not a link: javascript:alert(1)`;

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

describe('announcements', () => {
  it('a commissioner posts one with mail; a player reads it in the bell and on the dashboard, marks it read on every device; deleting takes a confirmation', async () => {
    const coach = await app.openAs('coach', { viewport: { width: 1366, height: 768 } });
    const card = coach.page.getByRole('region', { name: 'Announcements' });
    await card.getByText('No announcements yet. Post one to tell the whole pool.').waitFor();
    await card.getByRole('button', { name: 'Post announcement' }).click();
    const dialog = coach.page.getByRole('dialog', { name: 'Post announcement' });
    await dialog.getByRole('button', { name: 'Post' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel(/^Message/).fill(body);
    await dialog.getByLabel(/Also mail it to every player/).check();
    await dialog.getByRole('button', { name: 'Post' }).click();
    await notice(coach.page, 'Announcement posted. It is being mailed to the players.');
    await card.getByRole('heading', { name: title }).waitFor();
    await expect
      .poll(() => mailsTo(app.stack.outboxDir, 'alex@demo.example.com').filter((mail) => mail.includes(title)).length)
      .toBe(1);

    const phone = { width: 390, height: 844 };
    const alex = await app.openAs('alex', { viewport: phone, timezoneId: 'Asia/Tokyo' });
    const bell = alex.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const panel = alex.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText(`${title} (unread)`).waitFor();
    // The bell shows the body as the dashboard does: the address a safe link, the markup text.
    const inBell = panel.getByRole('link', { name: rules });
    expect(await inBell.getAttribute('href')).toBe(rules);
    expect(await inBell.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await panel.locator('.notification__text b').count()).toBe(0);
    const onDashboard = alex.page.getByRole('region', { name: 'Announcements' });
    expect(await onDashboard.locator('.announcements__body').textContent()).toBe(body);
    expect(await onDashboard.locator('b').count()).toBe(0);
    const links = onDashboard.locator('.announcements__body a');
    expect(await links.count()).toBe(1);
    expect(await links.first().getAttribute('href')).toBe(rules);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    expect(await links.first().getAttribute('rel')).toBe('noopener noreferrer');
    expect(await links.first().textContent()).toBe(rules);
    expect(await onDashboard.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await alex.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await alex.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(unexpectedProblems(alex.problems)).toEqual([]);
    await alex.context.close();

    // Another device: the announcement's mark is kept on the server (the results note's is the tab's own).
    const laptop = await app.openAs('alex', { viewport: { width: 1366, height: 768 } });
    await laptop.page.getByRole('region', { name: 'Announcements' }).getByRole('heading', { name: title }).waitFor();
    await laptop.page.getByRole('button', { name: /^Notifications/ }).click();
    const laptopPanel = laptop.page.getByRole('dialog', { name: 'Notifications' });
    await laptopPanel.getByText(title, { exact: true }).waitFor();
    expect(await laptopPanel.getByText(`${title} (unread)`).count()).toBe(0);
    await laptop.context.close();

    await card.getByRole('button', { name: `Delete the announcement ${title}` }).click();
    const confirm = coach.page.getByRole('dialog', { name: 'Delete announcement' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await notice(coach.page, 'Announcement deleted.');
    await card.getByText('No announcements yet. Post one to tell the whole pool.').waitFor();
    expect(unexpectedProblems(coach.problems)).toEqual([]);
    await coach.context.close();

    const after = await app.openAs('alex');
    const listed = after.page.waitForResponse((answer) => answer.url().includes('/Client/announcement-list'));
    await after.page.reload();
    await listed;
    await after.page.getByRole('heading', { name: 'My Stats' }).waitFor();
    expect(await after.page.getByRole('region', { name: 'Announcements' }).count()).toBe(0);
    await after.context.close();
  });

  it('the Notifications page shows the newest 20 announcements and the older ones on asking, a page at a time', async () => {
    const token = await apiToken(app.stack.url, 'coach', 'pickem-demo');
    for (let number = 1; number <= 21; number++) {
      const posted = await fetch(`${app.stack.url}${contracts.addAnnouncement.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Notice ${number}`, body: `Number ${number} of the season.` }),
      });
      expect(posted.status).toBe(201);
    }
    const alex = await app.openAs('alex', { viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });
    await alex.page.goto(`${app.stack.url}/#/profile/notifications`);
    const card = alex.page.getByRole('region', { name: 'Notifications' });
    // A title reads 'Notice 21' or, to a screen reader, 'Notice 21 (unread)'.
    const titled = (number: number) =>
      card.locator('.notification__title', { hasText: new RegExp(`^Notice ${number}\\b`) });
    await titled(21).waitFor();
    await titled(2).waitFor();
    // Each announcement's day is the sport's, not Tokyo's, and the page says so.
    await card.getByText('Times in New York time (ET)').waitFor();
    expect(await titled(1).count()).toBe(0);
    await card.getByRole('button', { name: 'Show older announcements' }).click();
    await titled(1).waitFor();
    await card.getByRole('button', { name: 'Show older announcements' }).waitFor({ state: 'detached' });
    expect(await alex.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Marking all read marks the older ones too.
    expect(await titled(1).textContent()).toContain('(unread)');
    await card.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => card.locator('.notification--unread').count()).toBe(0);
    expect(unexpectedProblems(alex.problems)).toEqual([]);
    await alex.context.close();
  });
});

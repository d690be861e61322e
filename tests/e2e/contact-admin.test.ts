// Contact Admin in the browser (docs/rules.md, Contact Admin): a player on a phone in Tokyo writes to the pool's
// administrators and is told it was sent; the commissioner finds it on the Messages page and in his mailbox. A player
// over the hourly limit is told so and keeps what he typed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { messageLimits } from '#domain/tenancy/admin-messages.ts';
import { apiToken, followNavItem, unexpectedProblems } from './support/app.ts';
import { mailsTo } from '../support/outbox.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack('2026-11-19T17:00:00Z');

const phone = { width: 390, height: 844 };
const laptop = { width: 1366, height: 768 };

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

async function write(page: Page, issue: string, message: string) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Admin' });
  await dialog.getByRole('button', { name: /^Issue / }).click();
  await dialog.getByRole('option', { name: issue }).click();
  await dialog.getByLabel(/^Message/).fill(message);
  await dialog.getByRole('button', { name: 'Send' }).click();
  return dialog;
}

describe('Contact Admin', () => {
  it('a player sends a message; the commissioner reads it on the Messages page and in his mail', async () => {
    const text = 'My Thursday pick shows 10 points, I chose 20.\nCan you check?';
    const riley = await app.openAs('riley', { viewport: phone, timezoneId: 'Asia/Tokyo' });
    const dialog = await write(riley.page, 'Picks and bets', text);
    await notice(riley.page, 'Your message was sent.');
    await dialog.waitFor({ state: 'detached' });
    expect(await riley.page.getByRole('link', { name: 'Messages' }).count()).toBe(0);
    expect(unexpectedProblems(riley.problems)).toEqual([]);
    await riley.context.close();

    await expect
      .poll(() =>
        mailsTo(app.stack.outboxDir, 'coach@demo.example.com').filter((mail) => mail.includes('Can you check?')),
      )
      .toHaveLength(1);

    const coach = await app.openAs('coach', { viewport: laptop, timezoneId: 'Asia/Tokyo' });
    await followNavItem(coach.page, 'Messages');
    await coach.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    const list = coach.page.getByRole('list', { name: 'Messages to the administrators' });
    const item = list.getByRole('listitem').first();
    await item.getByRole('heading', { name: 'Picks and bets' }).waitFor();
    expect(await item.locator('.admin-messages__text').textContent()).toBe(text);
    const meta = (await item.locator('.admin-messages__meta').textContent())!;
    expect(meta).toContain('Riley');
    expect(meta).toContain('riley@demo.example.com');
    // Told in the sport's zone, as the page says once: Thursday 12:00 in New York, not Friday in Tokyo.
    expect(meta).toMatch(/Thu 19 Nov, 12:0\d/);
    await coach.page.getByText('Times in New York time (ET)').waitFor();
    expect(unexpectedProblems(coach.problems)).toEqual([]);
    await coach.context.close();
  });

  it('over the hourly limit the player is told why, and what he typed stays in the form', async () => {
    const token = await apiToken(app.stack.url, 'casey', 'pickem-demo');
    for (let number = 1; number <= messageLimits.perHour; number++) {
      const sent = await fetch(`${app.stack.url}${contracts.contactAdmin.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ issue: 'Something else', message: `Question ${number}` }),
      });
      expect(sent.status).toBe(201);
    }
    const casey = await app.openAs('casey', { viewport: laptop });
    const dialog = await write(casey.page, 'Scores and results', 'One more question about the scores');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /Your message was not sent: You have sent 5 messages to your administrators in the last hour; try again in \d+ minutes?/,
    );
    expect(await dialog.getByLabel(/^Message/).inputValue()).toBe('One more question about the scores');
    expect(await dialog.getByRole('button', { name: /^Issue / }).textContent()).toContain('Scores and results');
    expect(unexpectedProblems(casey.problems, 429)).toEqual([]);
    await casey.context.close();
  });
});

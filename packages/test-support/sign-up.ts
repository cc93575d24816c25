import type { Page } from 'playwright-core';

/** The password every browser test's new account gets: it passes the spec's password rules. */
export const TEST_PASSWORD = 'Night-Drive-2025!';

/** Fills the sign-up form's account fields (fan page, fan modal or artist page) as a new person would. */
export async function fillAccountFields(page: Pick<Page, 'getByLabel' | 'getByRole'>, email: string): Promise<void> {
  await page.getByLabel('First Name', { exact: true }).fill('Rae');
  await page.getByLabel('Last Name', { exact: true }).fill('Sundown');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Birthday').fill('04/12/1994');
  await page.getByRole('radio', { name: 'Female' }).click();
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(TEST_PASSWORD);
}

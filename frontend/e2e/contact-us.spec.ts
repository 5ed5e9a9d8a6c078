import type { Page } from '@playwright/test';
import { expect, LANGS, TEXT, test, uniqueEmail, type E2ELang } from './support';

interface MailboxMessage {
  id: string;
  from: string;
  to: string[];
  replyTo?: string[];
  subject: string;
  text?: string;
  html?: string;
  sentAt: string;
}

async function fill(
  page: Page,
  lang: E2ELang,
  values: { name: string; email: string; subject: string; message: string },
) {
  const form = TEXT[lang].form;
  await page.getByLabel(form.name).fill(values.name);
  await page.getByLabel(form.email).fill(values.email);
  await page.getByLabel(form.subject).fill(values.subject);
  await page.getByLabel(form.message).fill(values.message);
}

function sample(lang: E2ELang) {
  const email = uniqueEmail(lang);
  return {
    name: lang === 'fr' ? 'Élodie Testeuse' : 'Jürg Tester',
    email,
    subject: `E2E ${lang} ${email}`,
    message: `Bonjour / Grüezi – message de test (${lang}), merci !`,
  };
}

// The backend accepts 5 contact messages per client address and hour: this file sends exactly one
// real message per language (2 in total); every other case answers from a mocked route.
test.describe('contact-us against the real backend', () => {
  for (const lang of LANGS) {
    test(`${lang}: sends, shows the success toast, clears the form, and the mail arrives`, async ({
      page,
      request,
    }) => {
      const values = sample(lang);
      await page.goto(`/${lang}/contact-us`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].contactTitle);
      await fill(page, lang, values);

      // Hold the request until the submitting state has been seen, then let it through.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/v1/contact-us', async (route) => {
        await held;
        await route.continue();
      });

      await page.getByRole('button', { name: TEXT[lang].form.submit }).click();
      await expect(page.getByRole('button', { name: TEXT[lang].form.submitting })).toBeDisabled();
      release();

      await expect(page.getByRole('status').getByText(TEXT[lang].toastSuccess)).toBeVisible();
      await expect(page.getByLabel(TEXT[lang].form.name)).toHaveValue('');
      await expect(page.getByLabel(TEXT[lang].form.message)).toHaveValue('');

      let delivered: MailboxMessage | undefined;
      await expect
        .poll(
          async () => {
            const response = await request.get('/_dev/mailbox.json');
            if (!response.ok()) return undefined;
            const { messages } = (await response.json()) as { messages: MailboxMessage[] };
            delivered = messages.find((message) => message.replyTo?.includes(values.email));
            return delivered?.id;
          },
          { timeout: 10_000 },
        )
        .toBeTruthy();
      expect(delivered?.subject).toContain(values.subject);
      expect(delivered?.text ?? delivered?.html ?? '').toContain(values.message);
      expect(delivered?.to.length).toBeGreaterThan(0);
    });
  }
});

test.describe('contact-us failures (mocked answers)', () => {
  for (const lang of LANGS) {
    test(`${lang}: a server error shows the failure toast and keeps the input`, async ({ page }) => {
      await page.route('**/api/v1/contact-us', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: 'internal server error' } }),
        }),
      );
      const values = sample(lang);
      await page.goto(`/${lang}/contact-us`);
      await fill(page, lang, values);
      await page.getByRole('button', { name: TEXT[lang].form.submit }).click();
      await expect(page.getByRole('status').getByText(TEXT[lang].toastFailure)).toBeVisible();
      await expect(page.getByLabel(TEXT[lang].form.email)).toHaveValue(values.email);
    });

    test(`${lang}: field errors from a 400 appear under the input, which gets focus`, async ({ page }) => {
      await page.route('**/api/v1/contact-us', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'validation_failed', message: 'validation failed', fields: { email: 'invalid_email' } },
          }),
        }),
      );
      await page.goto(`/${lang}/contact-us`);
      await fill(page, lang, sample(lang));
      await page.getByRole('button', { name: TEXT[lang].form.submit }).click();
      const email = page.getByLabel(TEXT[lang].form.email);
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(TEXT[lang].invalidEmail);
    });

    test(`${lang}: too many requests (429) has its own toast`, async ({ page }) => {
      await page.route('**/api/v1/contact-us', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'Retry-After': '3600' },
          body: JSON.stringify({
            error: { code: 'too_many_requests', message: 'too many requests, please try again later' },
          }),
        }),
      );
      await page.goto(`/${lang}/contact-us`);
      await fill(page, lang, sample(lang));
      await page.getByRole('button', { name: TEXT[lang].form.submit }).click();
      await expect(page.getByRole('status').getByText(TEXT[lang].toastTooMany)).toBeVisible();
    });
  }

  test('the browser blocks an empty form', async ({ page }) => {
    let posted = false;
    await page.route('**/api/v1/contact-us', (route) => {
      posted = true;
      return route.abort();
    });
    await page.goto('/fr/contact-us');
    await page.getByRole('button', { name: TEXT.fr.form.submit }).click();
    expect(
      await page.getByLabel(TEXT.fr.form.name).evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    expect(posted).toBe(false);
  });
});

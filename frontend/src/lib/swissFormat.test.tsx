import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@/lib/languages';
import { productDetail } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/**
 * Money and dates are one Swiss form in every UI language, whatever the visitor's browser says.
 * Each case pretends to be a browser with another language, and with Intl data that lacks the
 * requested locale (as Chromium lacks Albanian): any formatting that leaned on Intl or the
 * browser locale would show up here as "1,000.00", "1 000,00" or "2026/11/20".
 */
const BROWSER_LOCALES = ['en-US', 'sq-AL', 'ja-JP', 'ar-EG', 'fr-FR'] as const;

function pretendBrowser(locale: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(locale);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale]);
  const RealNumberFormat = Intl.NumberFormat;
  const RealDateTimeFormat = Intl.DateTimeFormat;
  // Every requested locale is "missing", so Intl falls back to the browser's default.
  function NumberFormat(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
    return new RealNumberFormat(locale, args[1]);
  }
  function DateTimeFormat(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    return new RealDateTimeFormat(locale, args[1]);
  }
  const intl = Object.create(Intl) as typeof Intl;
  Object.assign(intl, { NumberFormat, DateTimeFormat });
  vi.stubGlobal('Intl', intl);
  vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (this: number) {
    return new RealNumberFormat(locale).format(this);
  });
  vi.spyOn(Date.prototype, 'toLocaleDateString').mockImplementation(function (this: Date) {
    return new RealDateTimeFormat(locale).format(this);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '01JCARD0000000000000000001';
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('one Swiss format for money and dates', () => {
  const cases = LANGUAGES.flatMap((lang) => BROWSER_LOCALES.map((browser) => [lang, browser] as const));

  it.each(cases)('the ad page in %s under a %s browser', async (lang, browser) => {
    pretendBrowser(browser);
    server.use(
      http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: [] })),
      http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${API}/products/:id`, () =>
        HttpResponse.json(productDetail({ priceRp: 152_050, discountPct: 0, effectivePriceRp: 152_050 })),
      ),
    );
    await renderApp(`/${lang}/product/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Dachziegel Biberschwanz' });

    const price = document.querySelector('.price__current');
    expect(plain(price?.textContent)).toBe('CHF 1’520.50');
    expect(price?.textContent).toContain('CHF\u00a01’520.50');
    const main = screen.getByRole('main');
    expect(within(main).getByText('20.11.2026')).toBeInTheDocument();
  });
});

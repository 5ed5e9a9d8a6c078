import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetInvoiceQuery } from '@/features/billing/api';
import { localized, usePaymentMethodLabel } from '@/features/billing/shared';
import { useInvoiceDownload } from '@/features/billing/useInvoiceDownload';
import { toApiError } from '@/lib/apiError';
import { formatDate, formatMoney, formatRate } from '@/lib/money';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './billing.css';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';

/** invoice/:id (login-protected): a Swiss VAT invoice as a document, and its PDF. */
export function InvoicePage() {
  const { t } = useTranslation('billing');
  const lang = useLang();
  const { id = '' } = useParams();
  const invoice = useGetInvoiceQuery(id);
  const { download, failure, pendingId } = useInvoiceDownload();
  const methodLabel = usePaymentMethodLabel();
  useDocumentTitle(
    invoice.data ? t('invoice.pageTitleNumber', { number: invoice.data.number }) : t('invoice.pageTitle'),
  );

  if (invoice.isLoading) {
    return (
      <div className="container page page--narrow">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (!invoice.data) {
    return (
      <div className="container page page--narrow">
        <h1>{t('invoice.pageTitle')}</h1>
        {invoice.error !== undefined && <ApiErrorAlert className="billing-alert" error={toApiError(invoice.error)} />}
        <Link className="button" to={paths.userPage(lang, USER_SEGMENTS.paymentDetails)}>
          {t('invoice.back')}
        </Link>
      </div>
    );
  }

  const data = invoice.data;
  const money = (rp: number) => formatMoney(rp, data.currency, lang);
  return (
    <div className="container page invoice-page">
      <p className="invoice-page__toolbar">
        <Link to={paths.userPage(lang, USER_SEGMENTS.paymentDetails)}>{t('invoice.back')}</Link>
        <button
          type="button"
          className="button"
          disabled={pendingId !== null}
          onClick={() => {
            void download(data.id);
          }}
        >
          {t('invoice.downloadPdf')}
        </button>
      </p>
      {failure && <ApiErrorAlert className="billing-alert" error={failure} />}
      <article className="invoice" aria-labelledby="invoice-title">
        <header className="invoice__header">
          <h1 id="invoice-title">{t('invoice.title', { number: data.number })}</h1>
          <dl className="invoice__meta">
            <div>
              <dt>{t('invoice.number')}</dt>
              <dd>{data.number}</dd>
            </div>
            <div>
              <dt>{t('invoice.date')}</dt>
              <dd>
                <time dateTime={data.issuedAt}>{formatDate(data.issuedAt, lang)}</time>
              </dd>
            </div>
          </dl>
        </header>
        <div className="invoice__parties">
          <section aria-labelledby="invoice-seller">
            <h2 id="invoice-seller">{t('invoice.seller')}</h2>
            <address>
              {data.seller.name}
              <br />
              {data.seller.address}
              {data.seller.vatNumber !== '' && (
                <>
                  <br />
                  {t('invoice.vatNumber', { number: data.seller.vatNumber })}
                </>
              )}
            </address>
          </section>
          <section aria-labelledby="invoice-customer">
            <h2 id="invoice-customer">{t('invoice.customer')}</h2>
            <address>
              {data.customer.company !== undefined && data.customer.company !== '' && (
                <>
                  {data.customer.company}
                  <br />
                </>
              )}
              {data.customer.name}
              <br />
              {data.customer.address !== undefined && data.customer.address !== '' && (
                <>
                  {data.customer.address}
                  <br />
                </>
              )}
              {data.customer.email}
            </address>
          </section>
        </div>
        <div className="table-scroll">
          <table className="billing-table invoice__lines">
            <caption className="visually-hidden">{t('invoice.linesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('invoice.description')}</th>
                <th scope="col">{t('invoice.quantity')}</th>
                <th scope="col">{t('invoice.unitPrice')}</th>
                <th scope="col">{t('invoice.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line, index) => (
                // Lines have no id; their order is fixed by the invoice.
                <tr key={index}>
                  <td>{localized(line.description, lang)}</td>
                  <td>{line.quantity}</td>
                  <td className="billing-table__amount">{money(line.unitPriceRp)}</td>
                  <td className="billing-table__amount">{money(line.netRp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="order-summary invoice__totals">
          <div>
            <dt>{t('order.net')}</dt>
            <dd>{money(data.netRp)}</dd>
          </div>
          <div>
            <dt>{t('order.vat', { rate: formatRate(data.vatRateBp, lang) })}</dt>
            <dd>{money(data.vatRp)}</dd>
          </div>
          <div className="order-summary__total">
            <dt>{t('order.total')}</dt>
            <dd>{money(data.totalRp)}</dd>
          </div>
        </dl>
        <footer className="invoice__footer">
          <p>{t('invoice.paid', { method: methodLabel(data.paymentMethod), date: formatDate(data.paidAt, lang) })}</p>
        </footer>
      </article>
    </div>
  );
}

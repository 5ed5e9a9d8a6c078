import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate } from '@/lib/money';
import { useLang } from '@/lib/useLang';

interface Props {
  product: string;
  priceRp: number;
  netRp: number;
  vatRateBp: number;
  vatRp: number;
  totalRp: number;
  currency: string;
  /** Shown under the price (the free-trial offer). */
  note?: string;
}

/** Product, price, total excl. VAT, VAT, total incl. VAT: a two-column description list. */
export function OrderSummary({ product, priceRp, netRp, vatRateBp, vatRp, totalRp, currency, note }: Props) {
  const { t } = useTranslation('billing');
  const lang = useLang();
  const money = (rp: number) => formatMoney(rp, currency, lang);
  return (
    <dl className="order-summary">
      <div>
        <dt>{t('order.product')}</dt>
        <dd>{product}</dd>
      </div>
      <div>
        <dt>{t('order.price')}</dt>
        <dd>
          {money(priceRp)}
          {note !== undefined && <span className="order-summary__note">{note}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('order.net')}</dt>
        <dd>{money(netRp)}</dd>
      </div>
      <div>
        <dt>{t('order.vat', { rate: formatRate(vatRateBp, lang) })}</dt>
        <dd>{money(vatRp)}</dd>
      </div>
      <div className="order-summary__total">
        <dt>{t('order.total')}</dt>
        <dd>{money(totalRp)}</dd>
      </div>
    </dl>
  );
}

import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/lib/number';
import { formatMoney } from '@/lib/money';
import { useLang } from '@/lib/useLang';

interface PriceProps {
  priceRp: number;
  discountPct: number;
  effectivePriceRp: number;
  className?: string;
}

/**
 * A price the Swiss way for the UI language. A discounted price shows the price to pay, the
 * original struck through and the discount; price 0 reads "Free".
 */
export function Price({ priceRp, discountPct, effectivePriceRp, className = '' }: PriceProps) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  if (priceRp === 0) {
    return <p className={`price price--free ${className}`}>{t('price.free')}</p>;
  }
  const discounted = discountPct > 0 && effectivePriceRp < priceRp;
  return (
    <p className={`price ${className}`}>
      <span className="price__current">
        {discounted && <span className="visually-hidden">{t('price.now')} </span>}
        {formatMoney(discounted ? effectivePriceRp : priceRp, 'CHF', lang)}
      </span>
      {discounted && (
        <>
          {' '}
          <del className="price__original">
            <span className="visually-hidden">{t('price.before')} </span>
            {formatMoney(priceRp, 'CHF', lang)}
          </del>{' '}
          <span className="price__discount">{t('price.discount', { percent: formatPercent(discountPct, lang) })}</span>
        </>
      )}
    </p>
  );
}

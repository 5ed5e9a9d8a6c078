import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchBox } from '@/components/SearchBox/SearchBox';
import { RadiusSelect } from '@/features/catalogue/fields';
import { LocalityField, locationCriterion } from '@/features/catalogue/LocalityField';
import { paths } from '@/lib/paths';
import { DEFAULT_RADIUS_KM, type SearchCriteria } from '@/lib/searchCriteria';
import { useLang } from '@/lib/useLang';
import './catalogue.css';

/** What the place and radius fields add to a search: nothing without a place (the whole country). */
export function placeCriteria(location: string, radiusKm: number): SearchCriteria {
  const place = locationCriterion(location);
  return place ? { location: place, radiusKm } : {};
}

/**
 * The home page's search: "What are you looking for?" with suggestions, and where - a city or
 * postal code with a radius (empty: the whole country). The other criteria are the list page's
 * filters, one link away ("More filters").
 */
export function QuickSearch() {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const id = useId();
  const [location, setLocation] = useState('');
  const [radiusKm, setRadiusKm] = useState(DEFAULT_RADIUS_KM);

  return (
    <SearchBox variant="hero" extraCriteria={() => placeCriteria(location, radiusKm)}>
      <div className="quick-search__where">
        <LocalityField label={t('filters.location')} value={location} onChange={setLocation} />
        <RadiusSelect id={`${id}-radius`} value={radiusKm} onChange={setRadiusKm} />
        <Link to={paths.products(lang)} className="quick-search__more">
          {t('quickSearch.moreFilters')}
        </Link>
      </div>
    </SearchBox>
  );
}

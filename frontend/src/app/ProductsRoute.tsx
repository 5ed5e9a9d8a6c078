import { FavouriteHearts } from '@/app/FavouriteHearts';
import { saveSearchAction } from '@/app/SavedSearchComposition';
import { ProductsPage, SearchTokenPage } from '@/features/catalogue/ProductsPage';

/** `products?…`: the catalogue's list with the favourites hearts on its cards and "Save this search". */
export function ProductsRoute() {
  return (
    <FavouriteHearts>
      <ProductsPage renderSearchAction={saveSearchAction} />
    </FavouriteHearts>
  );
}

/** `products/{search}`: the same for a search token. */
export function SearchTokenRoute() {
  return (
    <FavouriteHearts>
      <SearchTokenPage renderSearchAction={saveSearchAction} />
    </FavouriteHearts>
  );
}

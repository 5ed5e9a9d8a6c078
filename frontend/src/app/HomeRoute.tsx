import { FavouriteHearts } from '@/app/FavouriteHearts';
import { HomePage } from '@/features/home/HomePage';
import { CategoryTiles, RecentlyViewed, RecentMaterials } from '@/features/catalogue/HomeListings';
import { QuickSearch } from '@/features/catalogue/QuickSearch';

/**
 * The home route: the home feature's page with the catalogue's search, category tiles and lists
 * (with the favourites hearts) in it. Features do not import each other, so they meet here.
 */
export function HomeRoute() {
  return (
    <HomePage
      search={<QuickSearch />}
      listings={
        <>
          <CategoryTiles />
          <FavouriteHearts>
            <RecentMaterials />
            <RecentlyViewed />
          </FavouriteHearts>
        </>
      }
    />
  );
}

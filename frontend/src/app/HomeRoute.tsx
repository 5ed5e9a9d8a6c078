import { FavouriteHearts } from '@/app/FavouriteHearts';
import { HomePage } from '@/features/home/HomePage';
import { RecentlyViewed, RecentMaterials } from '@/features/catalogue/HomeListings';
import { QuickSearch } from '@/features/catalogue/QuickSearch';

/**
 * The home route: the home feature's page with the catalogue's quick search and lists (with the
 * favourites hearts) in it. Features do not import each other, so they meet here.
 */
export function HomeRoute() {
  return (
    <HomePage
      search={<QuickSearch />}
      listings={
        <FavouriteHearts>
          <RecentMaterials />
          <RecentlyViewed />
        </FavouriteHearts>
      }
    />
  );
}

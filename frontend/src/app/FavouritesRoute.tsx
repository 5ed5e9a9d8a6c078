import { ResultCard } from '@/features/catalogue/ResultCard';
import { FavouritesPage } from '@/features/favourites/FavouritesPage';

/** `user/favourites`: the favourites feature's list, drawing each saved ad with the catalogue's card. */
export function FavouritesRoute() {
  return (
    <FavouritesPage
      renderCard={(card, unavailable) => <ResultCard card={card} headingLevel="h2" unavailable={unavailable} />}
    />
  );
}

import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sizeMapBoxes } from '@/testing/mapBox';
import { renderWithProviders } from '@/testing/render';
import { clusterPoints, groupByPlace, hasPosition, type MapAd, type MapPlace } from './groups';
import { LazyAreaMap, LazyResultsMap } from './LazyMap';
import { TILE_HOST } from './tiles';

function ad(id: string, lat: number, lon: number, place = '3011 Bern'): MapAd {
  return { id, title: `Ad ${id}`, price: `CHF ${id}0.00`, place, lat, lon, href: `/fr/product/${id}` };
}

describe('groupByPlace', () => {
  it.each([
    { name: 'no ads', ads: [], places: [] },
    { name: 'one ad', ads: [ad('1', 46.95, 7.44)], places: [['1']] },
    {
      name: 'ads of one locality share a place, in order',
      ads: [ad('1', 46.95, 7.44), ad('2', 46.52, 6.63, '1003 Lausanne'), ad('3', 46.95, 7.44)],
      places: [['1', '3'], ['2']],
    },
    { name: 'an ad without a position is left out', ads: [ad('1', 0, 0), ad('2', 46.52, 6.63)], places: [['2']] },
  ])('$name', ({ ads, places }) => {
    expect(groupByPlace(ads).map((place) => place.ads.map((a) => a.id))).toEqual(places);
  });

  it.each([
    [46.95, 7.44, true],
    [0, 0, false],
    [Number.NaN, 7, false],
    [46, Number.POSITIVE_INFINITY, false],
  ])('hasPosition(%s, %s) is %s', (lat, lon, want) => {
    expect(hasPosition(lat, lon)).toBe(want);
  });
});

describe('clusterPoints', () => {
  const place = (key: string): MapPlace => ({ key, lat: 0, lon: 0, place: key, ads: [] });
  it.each([
    { name: 'nothing', points: [], groups: [] },
    {
      name: 'far apart',
      points: [
        ['a', 0, 0],
        ['b', 200, 0],
        ['c', 0, 100],
      ],
      groups: [['a'], ['b'], ['c']],
    },
    {
      name: 'labels side by side overlap',
      points: [
        ['a', 0, 0],
        ['b', 60, 10],
      ],
      groups: [['a', 'b']],
    },
    {
      name: 'just clear across',
      points: [
        ['a', 0, 0],
        ['b', 96, 0],
      ],
      groups: [['a'], ['b']],
    },
    {
      name: 'just clear up and down',
      points: [
        ['a', 0, 0],
        ['b', 0, -28],
      ],
      groups: [['a'], ['b']],
    },
    {
      name: 'the first place anchors its group',
      points: [
        ['a', 0, 0],
        ['b', 90, 0],
        ['c', 180, 0],
      ],
      groups: [['a', 'b'], ['c']],
    },
  ] as { name: string; points: [string, number, number][]; groups: string[][] }[])('$name', ({ points, groups }) => {
    const placed = points.map(([key, x, y]) => ({ place: place(key), x, y }));
    expect(clusterPoints(placed, 96, 28).map((group) => group.map((p) => p.key))).toEqual(groups);
  });

  it('keeps the first places of any two groups apart', () => {
    const placed = Array.from({ length: 200 }, (_, i) => ({
      place: place(String(i)),
      x: (i * 37) % 400,
      y: (i * 53) % 300,
    }));
    const firsts = clusterPoints(placed, 96, 28).map((group) => placed.find((p) => p.place === group[0]));
    for (const [i, a] of firsts.entries()) {
      for (const b of firsts.slice(i + 1)) {
        expect(Math.abs((a?.x ?? 0) - (b?.x ?? 0)) >= 96 || Math.abs((a?.y ?? 0) - (b?.y ?? 0)) >= 28).toBe(true);
      }
    }
  });
});

sizeMapBoxes();

/** A results map of one ad in Bern and two in Lausanne. */
async function renderBernAndLausanne() {
  const onOpen = vi.fn();
  const { user } = await renderWithProviders(
    <LazyResultsMap
      ads={[ad('1', 46.95, 7.44), ad('2', 46.52, 6.63, '1003 Lausanne'), ad('3', 46.52, 6.63, '1003 Lausanne')]}
      onOpen={onOpen}
      label="Résultats sur une carte"
    />,
  );
  return { onOpen, user };
}

describe('LazyResultsMap', () => {
  it('shows a pin per place (the price of a lone ad, the count of several) and opens an ad', async () => {
    const { onOpen, user } = await renderBernAndLausanne();
    const region = await screen.findByRole('region', { name: 'Résultats sur une carte' });
    const lone = await screen.findByRole('button', { name: 'Ad 1, CHF 10.00, 3011 Bern' });
    expect(lone).toHaveTextContent('CHF 10.00');
    const several = screen.getByRole('button', { name: '2 annonces à 1003 Lausanne' });
    expect(several).toHaveTextContent('2 annonces');
    expect(screen.getByRole('button', { name: 'Zoom avant' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Carte © swisstopo');
    expect(region.querySelector(`img[src^="${TILE_HOST}/"]`)).not.toBeNull();

    // Two clicks on a map within 200 ms are a double click (a zoom) to Leaflet, as to a user.
    const clickOnce = async (element: Element) => {
      await new Promise((resolve) => {
        setTimeout(resolve, 250);
      });
      await user.click(element);
    };
    await clickOnce(lone);
    expect(onOpen).toHaveBeenCalledWith('/fr/product/1');

    await clickOnce(several);
    const link = await screen.findByRole('link', { name: 'Ad 3 – CHF 30.00' });
    await clickOnce(link);
    expect(onOpen).toHaveBeenLastCalledWith('/fr/product/3');
  });

  it('opens an ad or the list of a place with Enter and Space, as a button does', async () => {
    const { onOpen, user } = await renderBernAndLausanne();
    const lone = await screen.findByRole('button', { name: 'Ad 1, CHF 10.00, 3011 Bern' });
    lone.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith('/fr/product/1');

    const several = screen.getByRole('button', { name: '2 annonces à 1003 Lausanne' });
    several.focus();
    await user.keyboard(' ');
    const first = await screen.findByRole('link', { name: 'Ad 2 – CHF 20.00' });
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith('/fr/product/2');
  });

  it('groups places too close to tell apart into one marker that zooms in on them', async () => {
    const { user, container } = await renderWithProviders(
      <LazyResultsMap
        ads={[
          ad('1', 47.3769, 8.5417, '8001 Zürich'),
          ad('2', 47.3782, 8.5402, '8005 Zürich'),
          ad('3', 46.2, 6.14, '1201 Genève'),
        ]}
        onOpen={vi.fn()}
        label="Résultats sur une carte"
      />,
    );
    const cluster = await screen.findByRole('button', { name: '2 annonces dans cette zone, zoomer' });
    expect(cluster).toHaveTextContent('2 annonces');
    expect(screen.getByRole('button', { name: 'Ad 3, CHF 30.00, 1201 Genève' })).toBeInTheDocument();
    cluster.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Ad 1, CHF 10.00, 8001 Zürich' });
    expect(screen.getByRole('button', { name: 'Ad 2, CHF 20.00, 8005 Zürich' })).toBeInTheDocument();
    expect(container.querySelectorAll('.leaflet-marker-icon').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps its pins in step with the ads it is given', async () => {
    function Harness() {
      const [ads, setAds] = useState([ad('1', 46.95, 7.44)]);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setAds([ad('2', 46.52, 6.63)]);
            }}
          >
            next
          </button>
          <LazyResultsMap ads={ads} onOpen={vi.fn()} label="Carte" />
        </>
      );
    }
    const { user } = await renderWithProviders(<Harness />);
    await screen.findByRole('button', { name: 'Ad 1, CHF 10.00, 3011 Bern' });
    await user.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: /^Ad 1,/ })).toBeNull();
    });
    expect(screen.getByRole('button', { name: /^Ad 2,/ })).toBeInTheDocument();
  });
});

describe('LazyAreaMap', () => {
  it('draws an area, never a pin', async () => {
    const { container } = await renderWithProviders(
      <LazyAreaMap lat={46.95} lon={7.44} radiusM={2000} label="Emplacement" />,
    );
    await screen.findByRole('region', { name: 'Emplacement' });
    await waitFor(() => {
      expect(container.querySelector('path.remat-map__area')).not.toBeNull();
    });
    expect(container.querySelector('.leaflet-marker-icon')).toBeNull();
  });

  it('loads only when its box nears the viewport', async () => {
    let reveal: (() => void) | undefined;
    const observed: Element[] = [];
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        reveal = () => {
          callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        };
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {
        reveal = undefined;
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      const { container } = await renderWithProviders(
        <LazyAreaMap lat={46.95} lon={7.44} radiusM={2000} label="Emplacement" />,
      );
      expect(container.querySelector('.remat-map-placeholder--area')).not.toBeNull();
      expect(observed).toHaveLength(1);
      expect(screen.queryByRole('region', { name: 'Emplacement' })).toBeNull();
      act(() => {
        reveal?.();
      });
      await screen.findByRole('region', { name: 'Emplacement' });
      expect(reveal).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

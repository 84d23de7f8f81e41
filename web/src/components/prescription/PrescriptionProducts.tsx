import type { GeoPoint } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { hePrescription } from '../../i18n/he-prescription';
import { locate } from '../products/geolocation';
import { ProductCard } from '../products/ProductCard';
import { usePrescription, usePrescriptionProducts } from './prescription-query';
import './prescription.css';

/**
 * The browser's position when the user has already allowed it (the home page does not ask): the nearest stock
 * then comes first. Without it the products come without distances.
 */
function useAllowedPosition(): { point?: GeoPoint; settled: boolean } {
  const [state, setState] = useState<{ point?: GeoPoint; settled: boolean }>({ settled: false });
  useEffect(() => {
    let live = true;
    const done = (point?: GeoPoint) => live && setState({ point, settled: true });
    const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined;
    if (!permissions?.query) {
      done();
    } else {
      permissions.query({ name: 'geolocation' }).then(
        (status) => (status.state === 'granted' ? locate().then(done, () => done()) : done()),
        () => done(),
      );
    }
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Home: 'במלאי לידך בקטגוריות שלך', for a signed-in user with a saved prescription (drawn in the browser only). */
export function PrescriptionProducts() {
  const prescription = usePrescription();
  const position = useAllowedPosition();
  const query = usePrescriptionProducts(!!prescription && position.settled, position.point);
  if (!prescription) return null;
  const products = query.data?.products ?? [];
  return (
    <section className="prescription-products" aria-labelledby="prescription-products-title" aria-busy={!query.data}>
      <h2 id="prescription-products-title">{hePrescription.homeTitle}</h2>
      {!query.data ? (
        <p role="status">{hePrescription.homeLoading}</p>
      ) : products.length === 0 ? (
        <p>{hePrescription.homeEmpty}</p>
      ) : (
        <ul className="card-list card-list-grid" aria-labelledby="prescription-products-title">
          {products.map(({ product, nearest }) => (
            <li key={product.slug}>
              <ProductCard product={product} />
              {nearest && <p className="prescription-nearest">{hePrescription.nearest(nearest.pharmName, nearest.distance)}</p>}
            </li>
          ))}
        </ul>
      )}
      <Link to="/products" search={{ dosages: prescription.categories.join(',') }} className="link-button prescription-all">
        {hePrescription.homeAll}
      </Link>
    </section>
  );
}

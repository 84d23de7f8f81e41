import type { GeoPoint } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { hePrescription } from '../../../kit/prescription/he-prescription';
import { positionIfGranted } from '../../../kit/lib/geolocation';
import { ProductCard } from '../products/ProductCard';
import { usePrescription, usePrescriptionProducts } from '../../../kit/prescription/prescription-query';
import '../../../kit/prescription/prescription.css';

/** The position the user has already allowed (`positionIfGranted`: the home page does not ask), once that is known. */
function useAllowedPosition(): { point?: GeoPoint; settled: boolean } {
  const [state, setState] = useState<{ point?: GeoPoint; settled: boolean }>({ settled: false });
  useEffect(() => {
    let live = true;
    void positionIfGranted().then((point) => live && setState({ point, settled: true }));
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
      {query.data?.near === 'address' && products.length > 0 && <p className="prescription-near">{hePrescription.fromAddress}</p>}
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
      <Link to="/products" search={{ mine: 1 }} className="link-button prescription-all">
        {hePrescription.homeAll}
      </Link>
    </section>
  );
}

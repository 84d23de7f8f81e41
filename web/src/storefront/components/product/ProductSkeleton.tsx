import { he } from '../../../kit/i18n/he';
import './ProductView.css';

/** Placeholder in the shape of ProductView while the product loads. */
export function ProductSkeleton() {
  return (
    <div className="product-page">
      <div className="product" aria-busy="true" aria-live="polite">
        <span className="visually-hidden">{he.loading}</span>
        <div className="product-media">
          <div className="skeleton skeleton-image" />
        </div>
        <div className="product-body" aria-hidden="true">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line skeleton-short" />
          <div className="chips">
            <div className="skeleton skeleton-chip" />
            <div className="skeleton skeleton-chip" />
          </div>
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-short" />
        </div>
      </div>
    </div>
  );
}

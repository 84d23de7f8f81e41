import type { ReactNode } from 'react';
import { cannabisTypeLabels, he } from '../../../kit/i18n/he';
import { DiscountBadge } from '../../../kit/ui/Price';
import { ProductImage } from '../../../kit/ui/ProductImage';

/** A product's dosage and type chips (the type when it has a label), then any others given. */
export function ProductChips({ info, className = 'chips card-chips', children }: {
  info: { thccbdDosage?: string | null; cannabisType?: string | null };
  className?: string;
  children?: ReactNode;
}) {
  const type = info.cannabisType ? cannabisTypeLabels[info.cannabisType as keyof typeof cannabisTypeLabels] : undefined;
  return (
    <ul className={className}>
      {info.thccbdDosage && (
        <li className="chip chip-dosage" title={he.product.dosage}>
          <bdi dir="ltr">{info.thccbdDosage}</bdi>
        </li>
      )}
      {type && <li className="chip chip-type">{type}</li>}
      {children}
    </ul>
  );
}

/** An offer's picture with its discount badge. */
export function OfferMedia({ className = 'card-media', imageUrl, title, discountPercent }: {
  className?: string;
  imageUrl: string | null;
  title: string;
  discountPercent: number;
}) {
  return (
    <div className={className}>
      <ProductImage url={imageUrl} alt={he.product.imageAlt(title)} />
      <p className="badges card-badges">
        <DiscountBadge percent={discountPercent} />
      </p>
    </div>
  );
}

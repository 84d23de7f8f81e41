import type { BusinessProductInfo } from '@mc/contracts';
import { heProducts } from '../i18n/he-products';
import { formatDateTime } from '../../kit/backoffice/ui';

/** The product's id at the licensed-data partner (what the partner's feed names it by), when it has one. */
export function PartnerProductId({ product }: { product: Pick<BusinessProductInfo, 'yarpaProductId'> }) {
  if (!product.yarpaProductId) return null;
  return <span className="bo-partner-id">{heProducts.partnerId} <bdi dir="ltr">{product.yarpaProductId}</bdi></span>;
}

/** When the partner last changed a locked offer (its confirmation time, ISO), dd/MM/yyyy HH:mm. */
export function PartnerUpdatedAt({ at }: { at: string }) {
  return (
    <span className="bo-hint">
      {heProducts.partnerUpdated} <time className="bo-num" dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}

/** A partner-locked offer's mark: its price and stock come from the partner, with the partner's last change. */
export function PartnerLockMark({ updatedAt }: { updatedAt: string }) {
  return (
    <span className="bo-partner-mark">
      <span className="bo-badge bo-badge-partner">{heProducts.locked}</span>
      <PartnerUpdatedAt at={updatedAt} />
    </span>
  );
}

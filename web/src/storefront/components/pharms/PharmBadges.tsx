import { roundKm, type Pharm } from '@mc/contracts';
import { hePharms } from '../../../kit/i18n/he-pharms';

/** Open now or closed, the shipping tag and, when known, the distance. */
export function PharmBadges({ pharm }: { pharm: Pharm }) {
  return (
    <ul className="chips pharm-badges">
      <li className={`chip ${pharm.isOpen ? 'chip-open' : 'chip-closed'}`}>{pharm.isOpen ? hePharms.isOpen : hePharms.isClosed}</li>
      <li className={`chip chip-shipping chip-shipping-${pharm.shipping}`}>{hePharms.shipping[pharm.shipping]}</li>
      {pharm.distance != null && <li className="chip chip-distance">{hePharms.distanceKm(roundKm(pharm.distance))}</li>}
    </ul>
  );
}

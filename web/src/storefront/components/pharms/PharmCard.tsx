import { memo } from 'react';
import type { Pharm } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { PharmBadges } from './PharmBadges';
import { PharmLogo } from '../../../kit/ui/PharmLogo';
import { formatNextOpening } from '../../../kit/lib/pharm-format';
import './pharms.css';
import './PharmCard.css';

/** A pharmacy in a list: logo, name, city and address, open now (or when it opens again), shipping and distance. */
function PharmCardView({ pharm, now = new Date() }: { pharm: Pharm; now?: Date }) {
  return (
    <article className="card pharm-card">
      <PharmLogo url={pharm.logo_url} name={pharm.name} />
      <div className="pharm-card-body">
        <h2 className="card-title">
          <Link to="/pharms/$pharmSlug" params={{ pharmSlug: pharm.slug }} className="card-link stretched-link">
            {pharm.name}
          </Link>
        </h2>
        <p className="pharm-card-address">
          {pharm.address}, {pharm.city}
        </p>
        <PharmBadges pharm={pharm} />
        {!pharm.isOpen && pharm.nextOpening !== null && <p className="pharm-card-next">{formatNextOpening(pharm.nextOpening, now)}</p>}
      </div>
    </article>
  );
}

export const PharmCard = memo(PharmCardView);

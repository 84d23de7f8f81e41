import { memo } from 'react';
import type { Pharm } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { PharmBadges } from './PharmBadges';
import { PharmLogo } from './PharmLogo';
import './pharms.css';

/** A pharmacy in a list: logo, name, city and address, open now, shipping and distance. */
function PharmCardView({ pharm }: { pharm: Pharm }) {
  return (
    <article className="card pharm-card">
      <PharmLogo url={pharm.logo_url} name={pharm.name} />
      <div className="pharm-card-body">
        <h2 className="card-title">
          <Link to="/pharms/$pharmSlug" params={{ pharmSlug: pharm.slug }} className="card-link">
            {pharm.name}
          </Link>
        </h2>
        <p className="pharm-card-address">
          {pharm.address}, {pharm.city}
        </p>
        <PharmBadges pharm={pharm} />
      </div>
    </article>
  );
}

export const PharmCard = memo(PharmCardView);

import type { Pharm } from '@mc/contracts';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { PharmBadges } from './PharmBadges';
import { HoursDialog, PhoneDialog, PickupDialog, ShippingDialog } from './PharmInfoDialogs';
import { PharmLogo } from '../../../kit/ui/PharmLogo';
import { formatDateTime, isRecentlyUpdated } from '../../../kit/lib/pharm-format';

/** The pharmacy page's header card: logo, name, address, status, and the info dialogs (phone, hours, pickup, shipping policy). */
export function PharmHeader({ pharm, now = new Date() }: { pharm: Pharm; now?: Date }) {
  return (
    <header className="pharm-header card">
      <PharmLogo url={pharm.logo_url} name={pharm.name} size={96} priority />
      <div className="pharm-header-body">
        <h1 className="pharm-header-title">{pharm.name}</h1>
        <p className="pharm-card-address">
          {pharm.address}, {pharm.city}
        </p>
        <PharmBadges pharm={pharm} />
        <ul className="pharm-actions">
          <li>
            <PhoneDialog pharm={pharm} />
          </li>
          <li>
            <HoursDialog pharm={pharm} now={now} />
          </li>
          <li>
            <PickupDialog pharm={pharm} now={now} />
          </li>
          {pharm.shipping !== 'no-shipping' && (
            <li>
              <ShippingDialog pharm={pharm} />
            </li>
          )}
        </ul>
        {isRecentlyUpdated(pharm.updatedAt, now) && (
          <p className="pharm-updated">
            {hePharms.lastUpdated} <time dateTime={pharm.updatedAt} dir="ltr">{formatDateTime(pharm.updatedAt)}</time>
          </p>
        )}
      </div>
    </header>
  );
}

import { toInternationalPhone, type Pharm } from '@mc/contracts';
import { hePharms } from '../../i18n/he';
import { HoursDialog } from './HoursDialog';
import { PharmBadges } from './PharmBadges';
import { PharmLogo } from './PharmLogo';
import { formatDateTime, isRecentlyUpdated, telUrl, wazeUrl, whatsappUrl } from './pharm-format';

/** The pharmacy page's header card: logo, name, address, status, contact links, hours and shipping policy. */
export function PharmHeader({ pharm, now = new Date() }: { pharm: Pharm; now?: Date }) {
  return (
    <header className="pharm-header card">
      <PharmLogo url={pharm.logo_url} name={pharm.name} size={96} />
      <div className="pharm-header-body">
        <h1 className="pharm-header-title">{pharm.name}</h1>
        <p className="pharm-card-address">
          {pharm.address}, {pharm.city}
        </p>
        <PharmBadges pharm={pharm} />
        <ul className="pharm-actions">
          {pharm.phoneNumber && (
            <li>
              <a className="button button-secondary" href={telUrl(pharm.phoneNumber)} aria-label={hePharms.call(pharm.phoneNumber)}>
                {hePharms.phone}: <bdi dir="ltr">{pharm.phoneNumber}</bdi>
              </a>
            </li>
          )}
          {pharm.whatsappNumber && (
            <li>
              <a className="button button-secondary" href={whatsappUrl(pharm.whatsappNumber)} target="_blank" rel="noopener noreferrer">
                {hePharms.whatsapp}: <bdi dir="ltr">{toInternationalPhone(pharm.whatsappNumber)}</bdi>
                <span className="visually-hidden"> {hePharms.newWindow}</span>
              </a>
            </li>
          )}
          {pharm.wazeAddress && (
            <li>
              <a className="button button-secondary" href={wazeUrl(pharm.wazeAddress)} target="_blank" rel="noopener noreferrer">
                {hePharms.waze}
                <span className="visually-hidden"> {hePharms.newWindow}</span>
              </a>
            </li>
          )}
          <li>
            <HoursDialog hours={pharm.openingHours} />
          </li>
        </ul>
        {pharm.shipmentNotes && (
          <p className="pharm-shipment-notes">
            <strong>{hePharms.shipmentNotes}: </strong>
            {pharm.shipmentNotes}
          </p>
        )}
        {isRecentlyUpdated(pharm.updatedAt, now) && (
          <p className="pharm-updated">
            {hePharms.lastUpdated} <time dateTime={pharm.updatedAt} dir="ltr">{formatDateTime(pharm.updatedAt)}</time>
          </p>
        )}
      </div>
    </header>
  );
}

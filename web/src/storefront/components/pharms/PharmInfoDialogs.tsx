import { toInternationalPhone, type OpeningHours, type Pharm } from '@mc/contracts';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { InfoDialog } from './InfoDialog';
import './PharmInfoDialogs.css';
import { israelWeekday, telUrl, wazeUrl, weekHours, whatsappUrl } from '../../../kit/lib/pharm-format';

const pagePath = (pharm: Pharm) => `/pharms/${pharm.slug}`;

/** The week's opening hours, times without seconds, today's marked. */
export function HoursDialog({ pharm, now }: { pharm: Pharm; now?: Date }) {
  return (
    <InfoDialog label={hePharms.hours} embedFallbackPath={pagePath(pharm)}>
      <HoursTable hours={pharm.openingHours} now={now} />
    </InfoDialog>
  );
}

/** The week's hours, Sunday first, today's row (in Israel) marked in words and in weight. */
function HoursTable({ hours, now = new Date() }: { hours: OpeningHours; now?: Date }) {
  const today = israelWeekday(now);
  return (
    <table className="hours-table">
      <tbody>
        {weekHours(hours).map(({ day, slots }) => (
          <tr key={day} className={day === today ? 'hours-today' : undefined} aria-current={day === today ? 'date' : undefined}>
            <th scope="row">
              {hePharms.days[day]}
              {day === today && <span className="hours-today-label"> ({hePharms.today})</span>}
            </th>
            <td>
              {slots.length ? (
                <ul className="hours-slots">
                  {slots.map((slot) => (
                    <li key={slot}>
                      <bdi dir="ltr">{slot}</bdi>
                    </li>
                  ))}
                </ul>
              ) : (
                hePharms.closedDay
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How to reach the pharmacy: a call, and WhatsApp in its +972 form. */
export function PhoneDialog({ pharm }: { pharm: Pharm }) {
  if (!pharm.phoneNumber && !pharm.whatsappNumber) return null;
  return (
    <InfoDialog label={hePharms.phone} title={hePharms.contactTitle(pharm.name)} embedFallbackPath={pagePath(pharm)}>
      <ul className="pharm-dialog-actions">
        {pharm.phoneNumber && (
          <li>
            <a className="button button-secondary" href={telUrl(pharm.phoneNumber)}>
              {hePharms.call} <bdi dir="ltr">{pharm.phoneNumber}</bdi>
            </a>
          </li>
        )}
        {pharm.whatsappNumber && (
          <li>
            <a className="button button-secondary" href={whatsappUrl(pharm.whatsappNumber)} target="_blank" rel="noopener noreferrer">
              {hePharms.whatsapp} <bdi dir="ltr">{toInternationalPhone(pharm.whatsappNumber)}</bdi>
              <span className="visually-hidden"> {hePharms.newWindow}</span>
            </a>
          </li>
        )}
      </ul>
    </InfoDialog>
  );
}

/** Picking up in person: the address, the way there, whether it is open now, and the hours. */
export function PickupDialog({ pharm, now }: { pharm: Pharm; now?: Date }) {
  return (
    <InfoDialog label={hePharms.pickup} embedFallbackPath={pagePath(pharm)}>
      <p>
        {pharm.address}, {pharm.city}
      </p>
      <p className={pharm.isOpen ? 'in-stock' : 'out-of-stock'}>{pharm.isOpen ? hePharms.isOpen : hePharms.isClosed}</p>
      {pharm.wazeAddress && (
        <p>
          <a className="button button-secondary" href={wazeUrl(pharm.wazeAddress)} target="_blank" rel="noopener noreferrer">
            {hePharms.waze}
            <span className="visually-hidden"> {hePharms.newWindow}</span>
          </a>
        </p>
      )}
      <HoursTable hours={pharm.openingHours} now={now} />
    </InfoDialog>
  );
}

/** The shipping policy: the pharmacy's shipping kind and its own notes. */
export function ShippingDialog({ pharm }: { pharm: Pharm }) {
  return (
    <InfoDialog label={hePharms.shipmentNotes} embedFallbackPath={pagePath(pharm)}>
      <p>
        <strong>{hePharms.shipping[pharm.shipping]}</strong>
      </p>
      <p>{pharm.shipmentNotes ?? hePharms.noShipmentNotes}</p>
    </InfoDialog>
  );
}

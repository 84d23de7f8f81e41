import type { OpeningHours } from '@mc/contracts';
import { useRef } from 'react';
import { hePharms } from '../../i18n/he';
import { weekHours } from './pharm-format';

/** A button that opens the week's opening hours in a modal dialog (times without seconds). */
export function HoursDialog({ hours }: { hours: OpeningHours }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => dialog.current?.showModal()}>
        {hePharms.hours}
      </button>
      <dialog ref={dialog} className="pharm-dialog" aria-labelledby="hours-title">
        <h2 id="hours-title" className="pharm-dialog-title">
          {hePharms.hours}
        </h2>
        <table className="hours-table">
          <tbody>
            {weekHours(hours).map(({ day, slots }) => (
              <tr key={day}>
                <th scope="row">{hePharms.days[day]}</th>
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
        <form method="dialog">
          <button type="submit" className="button button-primary">
            {hePharms.close}
          </button>
        </form>
      </dialog>
    </>
  );
}

import { Time } from '@internationalized/date';
import { Button, DateInput, DateSegment, FieldError, TimeField } from 'react-aria-components';
import { hePharms } from '../i18n/he-pharms';
import { heBackOffice } from './he-backoffice';
import { addSlot, removeSlot, setSlot, toggleDay, type WeekDraft } from './hours-editor';
import { BoCheckbox } from './ui';
import './controls.css';

const text = heBackOffice.hours;

const toTime = (hhmm: string | null): Time | null => {
  if (!hhmm) return null;
  const [h, m] = hhmm.split(':').map(Number);
  return new Time(h, m);
};
const fromTime = (time: Time | null): string | null =>
  time ? `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}` : null;

/**
 * Spec 5 "Opening hours": the week, Sunday first; a day toggles open or closed (adding or clearing slots), many slots a
 * day, both times of each required (`errors`: hoursErrors(week), shown once the form was submitted). Used by the
 * pharmacy's back office and by the operator's onboarding of a pharmacy.
 */
export function HoursEditor({ week, onChange, errors }: {
  week: WeekDraft;
  onChange: (update: (week: WeekDraft) => WeekDraft) => void;
  /** The slots' errors to show (none before a submit). */
  errors?: Map<string, string>;
}) {
  return (
    <ul className="bo-hours-editor">
      {week.map((slots, day) => {
        const dayName = hePharms.days[day];
        return (
          <li key={day} className="bo-hours-day">
            <BoCheckbox isSelected={slots.length > 0} onChange={(open) => onChange((w) => toggleDay(w, day, open))}>
              <span className="bo-hours-day-name">{dayName}</span>
              <span className="bo-muted">{slots.length ? text.open : text.closed}</span>
            </BoCheckbox>
            {slots.length > 0 && (
              <ol className="bo-hours-slots">
                {slots.map((slot, index) => (
                  <li key={index} className="bo-hours-slot" aria-label={text.slot(dayName, index + 1)}>
                    {(['opensAt', 'closesAt'] as const).map((field) => {
                      const error = errors?.get(`${day}-${index}-${field}`);
                      return (
                        <TimeField
                          key={field}
                          className="bo-time-field"
                          hourCycle={24}
                          granularity="minute"
                          shouldForceLeadingZeros
                          value={toTime(slot[field])}
                          onChange={(time) => onChange((w) => setSlot(w, day, index, { [field]: fromTime(time) }))}
                          isInvalid={Boolean(error)}
                          aria-label={`${dayName} ${index + 1}: ${text[field]}`}
                        >
                          <span className="bo-time-label" aria-hidden="true">{text[field]}</span>
                          <DateInput className="bo-time-input" dir="ltr">{(segment) => <DateSegment segment={segment} className="bo-time-segment" />}</DateInput>
                          <FieldError className="bo-field-error">{error}</FieldError>
                        </TimeField>
                      );
                    })}
                    {slot.opensAt && slot.closesAt && slot.closesAt <= slot.opensAt && <span className="bo-badge bo-badge-muted">{text.overnight}</span>}
                    <Button className="bo-icon-button" aria-label={`${text.removeSlot} (${text.slot(dayName, index + 1)})`} onPress={() => onChange((w) => removeSlot(w, day, index))}>×</Button>
                  </li>
                ))}
                <li>
                  <Button className="button bo-add-slot" onPress={() => onChange((w) => addSlot(w, day))} aria-label={`${text.addSlot}: ${dayName}`}>
                    + {text.addSlot}
                  </Button>
                </li>
              </ol>
            )}
          </li>
        );
      })}
    </ul>
  );
}

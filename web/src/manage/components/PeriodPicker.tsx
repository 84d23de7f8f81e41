import { CompanyMessages } from '@mc/contracts';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { DayPicker } from '../../kit/backoffice/ui';
import { heManage } from '../i18n/he-manage';
import { formatDay, isValidPeriod, PERIOD_DAYS, todayInIsrael, type PeriodDays } from './period';

const text = heManage.history;

/** From–to of the manager's own: two days, checked as the API checks them (in order, at most two years). */
function CustomPeriod({ from, to, onApply }: { from?: string; to?: string; onApply: (from: string, to: string) => void }) {
  const [start, setStart] = useState<CalendarDate | null>(from ? parseDate(from) : null);
  const [end, setEnd] = useState<CalendarDate | null>(to ? parseDate(to) : null);
  const [error, setError] = useState<string | undefined>();
  const today = parseDate(todayInIsrael());
  return (
    <form
      className="mc-custom-period" aria-label={text.custom} noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!start || !end || !isValidPeriod(start.toString(), end.toString())) return setError(CompanyMessages.invalidPeriod);
        setError(undefined);
        onApply(start.toString(), end.toString());
      }}
    >
      <DayPicker label={text.from} value={start} onChange={setStart} maxValue={end ?? today} />
      <DayPicker label={text.to} value={end} onChange={setEnd} minValue={start ?? undefined} maxValue={today} error={error} />
      <Button type="submit" className="button">{text.apply}</Button>
    </form>
  );
}

/**
 * The period of a history or report: 30 / 90 / 365 / 730 days ending today at a press, or a from–to; the period
 * shown (dd/MM/yyyy) under it.
 */
export function PeriodPicker({ days, custom, from, to, onDays, onRange }: {
  days: PeriodDays;
  /** The period is a from–to of the manager's (not one of the lengths). */
  custom: boolean;
  from: string;
  to: string;
  onDays: (days: PeriodDays) => void;
  onRange: (from: string, to: string) => void;
}) {
  const [showCustom, setShowCustom] = useState(custom);
  return (
    <div className="mc-period-picker">
      <div role="group" aria-label={text.period} className="mc-periods">
        {PERIOD_DAYS.map((n) => (
          <button
            key={n} type="button" className="bo-page mc-period" aria-pressed={!custom && !showCustom && days === n}
            onClick={() => {
              setShowCustom(false);
              onDays(n);
            }}
          >
            {text.days(n)}
          </button>
        ))}
        <button type="button" className="bo-page mc-period" aria-pressed={custom || showCustom} onClick={() => setShowCustom(true)}>{text.custom}</button>
      </div>
      {showCustom && <CustomPeriod from={custom ? from : undefined} to={custom ? to : undefined} onApply={onRange} />}
      <p className="bo-muted">{text.shownPeriod(formatDay(from), formatDay(to))}</p>
    </div>
  );
}

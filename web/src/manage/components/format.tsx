import { agorotToShekels, formatShekels } from '@mc/contracts';
import { heManage } from '../i18n/he-manage';

/** A price of the company answers (agorot) in shekels, '—' where there is none; isolated so ₪ and digits keep their order. */
export function Agorot({ value }: { value: number | null }) {
  if (value === null) return <span className="bo-muted">{heManage.none}</span>;
  return <bdi className="bo-num">{formatShekels(agorotToShekels(value))}</bdi>;
}

export const formatAgorot = (value: number | null): string => (value === null ? heManage.none : formatShekels(agorotToShekels(value)));

/** A count, grouped as Hebrew readers expect. */
export const formatCount = (n: number): string => n.toLocaleString('he-IL');

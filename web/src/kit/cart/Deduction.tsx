import { formatShekels } from '@mc/contracts';

/**
 * An amount taken off (a discount line): the minus sign and the shekels isolated together, left to right, so
 * the Hebrew line shows '−₪150.20' and never moves the sign to the amount's far end ('₪150.20−').
 */
export function Deduction({ amount }: { amount: number }) {
  return (
    <bdi dir="ltr" className="shekels">
      {`\u2212${formatShekels(Math.abs(amount))}`}
    </bdi>
  );
}

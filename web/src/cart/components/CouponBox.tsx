import { COUPON_CODE_MAX_LENGTH, COUPON_MESSAGE_MS, COUPON_STATUS_MESSAGES, couponInputError, Messages } from '@mc/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { authDialog } from '../../kit/auth/auth-dialog';
import { useSession } from '../../kit/auth/use-session';
import { heCheckout } from '../he-checkout';
import { validateCoupon as validateCouponCall } from '../queries/checkout-api';
import './checkout.css';
import { appliedCoupons, useAppliedCoupons } from '../queries/coupons';

type Status = { kind: 'success' | 'failure'; text: string };

/**
 * The cart's coupon box (spec 4, 5, 8): required, English letters, digits or underscore, not applied already; a
 * guest is asked to sign in first. The server's status shows for 10 s; a VALID coupon joins the applied list (kept
 * for the browser session, each removable), which the quote and the order send.
 */
export function CouponBox() {
  const id = useId();
  const signedIn = useSession() !== null;
  const applied = useAppliedCoupons();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), COUPON_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const error = couponInputError(code, applied.map((c) => c.code));
    setFieldError(error);
    if (error) {
      input.current?.focus();
      return;
    }
    if (!signedIn) {
      authDialog.open('signIn');
      return;
    }
    setPending(true);
    try {
      const answer = await validateCouponCall(code.trim());
      const text = COUPON_STATUS_MESSAGES[answer.validationStatus] ?? answer.message ?? Messages.generic;
      if (answer.validationStatus === 'VALID') {
        appliedCoupons.add({
          code: answer.pharmDiscount?.code ?? code.trim(),
          name: answer.pharmDiscount?.name ?? code.trim(),
          pharmName: answer.pharm?.name ?? '',
        });
        setCode('');
        setStatus({ kind: 'success', text });
      } else {
        setStatus({ kind: 'failure', text });
      }
    } catch (failure) {
      setStatus({ kind: 'failure', text: failure instanceof Error && failure.message ? failure.message : Messages.generic });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="coupon-box" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{heCheckout.couponTitle}</h3>
      <form noValidate onSubmit={(e) => void submit(e)} className="coupon-form">
        <div className="form-field">
          <label htmlFor={`${id}-code`}>{heCheckout.couponLabel}</label>
          <input
            ref={input}
            id={`${id}-code`}
            dir="ltr"
            autoComplete="off"
            maxLength={COUPON_CODE_MAX_LENGTH}
            value={code}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            onChange={(e) => {
              setCode(e.target.value);
              setFieldError(null);
            }}
          />
          {fieldError && (
            <p id={`${id}-error`} className="form-error">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="button button-secondary" disabled={pending}>
          {pending ? heCheckout.couponApplying : heCheckout.couponApply}
        </button>
      </form>
      <p role="status" className={status?.kind === 'failure' ? 'form-error' : 'coupon-success'}>
        {status?.text ?? ''}
      </p>
      {applied.length > 0 && (
        <div>
          <h4 className="coupon-applied-title">{heCheckout.couponsApplied}</h4>
          <ul className="coupon-applied">
            {applied.map((coupon) => (
              <li key={coupon.code}>
                <bdi dir="ltr" className="chip">{coupon.code}</bdi>{' '}
                {coupon.pharmName ? heCheckout.couponOf(coupon.name, coupon.pharmName) : coupon.name}{' '}
                <button type="button" className="link-button" aria-label={heCheckout.couponRemove(coupon.code)} onClick={() => appliedCoupons.remove(coupon.code)}>
                  ✕
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

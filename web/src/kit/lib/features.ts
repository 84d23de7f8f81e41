/** Spec 6: the coupon box is a feature flag (off in production). Read when drawn, so tests can turn it on. */
export const couponsEnabled = (): boolean => import.meta.env.VITE_FEATURE_COUPONS === '1';

/// <reference types="vite/client" />

/** The web package version, injected by Vite's `define` (see vite.config.ts). */
declare const __APP_VERSION__: string;
/** This build's id, also written to dist/meta.json; a different one there means a newer deploy. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Sent as `x-api-key`; the local default is `mc-local-web-key`. */
  readonly VITE_API_KEY?: string;
  /** The deployment's name (production, staging…); the environment badge shows when it is not production. */
  readonly VITE_APP_ENV?: string;
  /** '1' shows sign-in by SMS code (spec 6: a feature flag, off in production). */
  readonly VITE_FEATURE_SMS_SIGNIN?: string;
  /** '1' shows the cart's coupon box (spec 6: a feature flag, off in production). */
  readonly VITE_FEATURE_COUPONS?: string;
  /** '1' prefills a valid test ID number at checkout (spec 6: development only; set by the Makefile, never by the image). */
  readonly VITE_FEATURE_FAKE_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// The console's kinds of things, apart from its DTOs (index.ts): the web's route definitions check addresses against
// them in the storefront's first load, which takes no class-validator (as storefront/query.ts).

/** A pharmacy's life on the marketplace: hidden while `onboarding` and `suspended`; patients see only `live` ones. */
export const PHARM_STATES = ['onboarding', 'live', 'suspended'] as const;
export type PharmState = (typeof PHARM_STATES)[number];

/** What the record holds, by kind of action. */
export const AUDIT_ACTIONS = [
  'pharm.onboarded', 'pharm.updated', 'pharm.state-changed', 'feed-partner.paused',
  'business.opened',
  'member.added', 'member.invited', 'member.removed',
  'user.blocked', 'user.unblocked', 'user.activation-resent',
  'order.id-number-read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_KINDS = ['pharmacy', 'company', 'user', 'order', 'feed-partner'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

import { IsIn } from 'class-validator';
import { Messages } from '../messages';

/**
 * The first-party analytics events (issue 14: counted per day, no personal data, no third-party scripts): checkout
 * begun and orders placed (spec 7), the error and not-found pages shown (back office spec 2), and a page scrolled to
 * its half and to its end (spec 4's scroll-depth flags).
 */
export const ANALYTICS_EVENTS = ['begin_checkout', 'purchase', 'error_page', 'not_found_page', 'scroll_half', 'scroll_end'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** `POST /api/analytics`: one event, nothing else (no user, no page, no identifier). */
export class AnalyticsEventDto {
  @IsIn(ANALYTICS_EVENTS as unknown as string[], { message: Messages.badRequest })
  event: AnalyticsEvent;
}

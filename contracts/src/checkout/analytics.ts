import { IsIn } from 'class-validator';
import { Messages } from '../messages';

/** The first-party analytics events (issue 14: counted per day, no personal data, no third-party scripts). */
export const ANALYTICS_EVENTS = ['begin_checkout', 'purchase'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** `POST /api/analytics`: one event, nothing else (no user, no page, no identifier). */
export class AnalyticsEventDto {
  @IsIn(ANALYTICS_EVENTS as unknown as string[], { message: Messages.badRequest })
  event: AnalyticsEvent;
}

import { IsString, Matches } from 'class-validator';
import { Messages } from '../messages';

/** A page whose visitors are counted ('watching now'): a product's or a pharmacy's. */
export const PRESENCE_PAGE_PATTERN = /^\/(products|pharms)\/[a-z0-9-]{1,200}$/;
/** The browser's random visitor id. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** `POST /api/presence`: a visit of a product or pharmacy page (the gateway checks it; no service receives it). */
export class PresenceVisitDto {
  @IsString({ message: Messages.badRequest })
  @Matches(PRESENCE_PAGE_PATTERN, { message: Messages.badRequest })
  path: string;

  @IsString({ message: Messages.badRequest })
  @Matches(VISITOR_ID_PATTERN, { message: Messages.badRequest })
  visitorId: string;
}

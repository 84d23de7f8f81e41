import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiParam, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';

/**
 * A back-office controller under /api/business/{businessId}{path}: signed in (401 otherwise), and documented with the
 * answers every back-office service gives for a caller it refuses. The gateway decides nothing more: it forwards
 * `businessId` from the path, and the service checks the caller against it (`@RequireBusiness()`).
 */
export const BackOfficeController = (path = '') =>
  applyDecorators(
    ApiTags('business'),
    Controller(`business/:businessId${path}`),
    UseGuards(AuthGuard('jwt')),
    ApiBearerAuth(),
    ApiParam({ name: 'businessId', description: "the pharmacy's slug, as `GET /api/user/businesses` lists it" }),
    ApiUnauthorizedResponse({ description: 'no valid token' }),
    ApiForbiddenResponse({ description: 'a signed-in user who manages no business' }),
    ApiNotFoundResponse({ description: "'העסק לא נמצא': a business the caller does not run or that is not a pharmacy; or no such row of it" }),
  );

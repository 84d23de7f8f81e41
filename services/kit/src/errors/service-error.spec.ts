import { NotFoundException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Messages } from '@mc/contracts';
import { notFound, toServiceError } from './service-error';

describe('toServiceError', () => {
  it('keeps a thrown service error as it is', () => {
    expect(toServiceError(notFound('לא נמצא'))).toEqual({ status: 404, code: 'NOT_FOUND', message: 'לא נמצא' });
  });
  it('maps Nest HTTP exceptions', () => {
    expect(toServiceError(new NotFoundException('x'))).toMatchObject({ status: 404, message: 'x' });
  });
  it('hides unknown failures behind a 500 with a Hebrew message', () => {
    expect(toServiceError(new Error('db password is hunter2'))).toEqual({ status: 500, code: 'INTERNAL', message: Messages.internal });
    expect(toServiceError(new RpcException({ weird: true }))).toMatchObject({ status: 500 });
  });
});

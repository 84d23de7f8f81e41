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

describe('toServiceError, PostgreSQL data exceptions', () => {
  /** The shape of the pg driver's DatabaseError. */
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR', length: 100 });

  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['22003', 'value "99999999999" is out of range for type integer'],
    ['22P02', 'invalid input syntax for type integer: "abc"'],
  ])('answers SQLSTATE %s (bad input that slipped through) with a 400 that names nothing of the query', (code, message) => {
    expect(toServiceError(pgError(code, message))).toEqual({ status: 400, code: 'BAD_REQUEST', message: Messages.badRequest });
  });

  it("finds it as the cause of Drizzle's query error", () => {
    const wrapped = new Error('Failed query: select * from users where id = $1', { cause: pgError('22003', 'out of range') });
    expect(toServiceError(wrapped)).toMatchObject({ status: 400 });
  });

  it('keeps other database failures a 500', () => {
    expect(toServiceError(pgError('23505', 'duplicate key value violates unique constraint'))).toMatchObject({ status: 500 });
    expect(toServiceError(pgError('42P01', 'relation "x" does not exist'))).toMatchObject({ status: 500 });
    expect(toServiceError(Object.assign(new Error('x'), { code: '22003' }))).toMatchObject({ status: 500 });
  });
});

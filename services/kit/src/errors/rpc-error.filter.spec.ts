import { NatsContext, RpcException } from '@nestjs/microservices';
import { ForgotPasswordDto, Messages } from '@mc/contracts';
import { createValidationPipe } from './rpc-error.filter';

const payload = (metatype?: new () => unknown) => ({ type: 'body' as const, metatype, data: undefined });

/** The error a pipe throws, as the service would answer it. */
async function refusal(value: unknown, metatype?: new () => unknown) {
  try {
    await createValidationPipe().transform(value, payload(metatype));
  } catch (err) {
    return (err as RpcException).getError();
  }
  return undefined;
}

describe("the services' payload pipe", () => {
  it('refuses what no service can use even where the handler takes `unknown`', async () => {
    expect(await refusal({ search: 'a\u0000b' })).toEqual({ status: 400, code: 'BAD_REQUEST', message: Messages.inputControlChars });
    let deep: unknown = 'x';
    for (let i = 0; i < 30; i++) deep = { a: deep };
    expect(await refusal(deep)).toEqual({ status: 400, code: 'BAD_REQUEST', message: Messages.inputTooDeep });
    expect(await refusal({ slug: 'x'.repeat(10_001) })).toEqual({ status: 400, code: 'BAD_REQUEST', message: Messages.inputTooLong });
  });

  it('then validates against the DTO, and lets good payloads and the NATS context through', async () => {
    expect(await refusal({ email: { toString: 1 } }, ForgotPasswordDto)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    await expect(createValidationPipe().transform({ email: 'a@b.co', extra: 1 }, payload(ForgotPasswordDto))).resolves.toEqual({ email: 'a@b.co' });
    await expect(createValidationPipe().transform({ search: 'שלום\n' }, payload())).resolves.toEqual({ search: 'שלום\n' });
    const context = new NatsContext(['subject\u0000', undefined]);
    await expect(createValidationPipe().transform(context, { type: 'custom', metatype: NatsContext, data: undefined })).resolves.toBe(context);
  });
});

import { Strategy } from 'passport';
import { runStrategy } from './run-strategy';

/** A strategy that ends the way the test asks, as a passport strategy does: through `this`. */
class Scripted extends Strategy {
  constructor(private readonly end: (self: Scripted, req: { query: Record<string, string> }) => void) {
    super();
  }
  authenticate(req: unknown) {
    this.end(this, req as { query: Record<string, string> });
  }
}
const req = { query: { code: 'c' } };

describe('runStrategy', () => {
  it("answers a strategy's redirect, success, failure, error and pass as values", async () => {
    await expect(runStrategy(new Scripted((s) => s.redirect('https://accounts.example/auth?state=x')), req, {}, 1000))
      .resolves.toEqual({ kind: 'redirect', url: 'https://accounts.example/auth?state=x' });
    await expect(runStrategy(new Scripted((s, r) => s.success({ sub: r.query.code }, { state: { returnTo: '/cart' } })), req, {}, 1000))
      .resolves.toEqual({ kind: 'success', user: { sub: 'c' }, info: { state: { returnTo: '/cart' } } });
    await expect(runStrategy(new Scripted((s) => s.fail({ message: 'denied' }, 403)), req, {}, 1000))
      .resolves.toEqual({ kind: 'fail', challenge: { message: 'denied' }, status: 403 });
    const boom = new Error('boom');
    await expect(runStrategy(new Scripted((s) => s.error(boom)), req, {}, 1000)).resolves.toEqual({ kind: 'error', error: boom });
    await expect(runStrategy(new Scripted(() => { throw boom; }), req, {}, 1000)).resolves.toEqual({ kind: 'error', error: boom });
    await expect(runStrategy(new Scripted((s) => s.pass()), req, {}, 1000)).resolves.toEqual({ kind: 'pass' });
  });

  it('keeps the first ending, runs each request on its own object, and ends as timeout when nothing answers', async () => {
    const shared = new Scripted((s) => { s.success('first', undefined); s.error(new Error('late')); });
    await expect(runStrategy(shared, req, {}, 1000)).resolves.toEqual({ kind: 'success', user: 'first', info: undefined });
    expect(Object.prototype.hasOwnProperty.call(shared, 'success')).toBe(false);
    await expect(runStrategy(new Scripted(() => undefined), req, {}, 20)).resolves.toEqual({ kind: 'timeout' });
  });
});

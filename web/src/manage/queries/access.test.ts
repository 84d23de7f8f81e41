import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../kit/auth/session';
import { accessJwt, json, sessionJwt } from '../fixtures.test-data';
import { companyFetch, companyToken, forgetCompanyToken, tokenExpiry } from './access';
import { fileNameOf } from './download';

let issued: string[];
let answer: (url: string, init?: RequestInit) => Response | undefined;

beforeEach(() => {
  issued = [];
  answer = () => undefined;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const access = /^\/api\/businesses\/company:([a-z-]+)\/access$/.exec(url);
    if (access) {
      const jwt = accessJwt(access[1], 300, issued.length + 1);
      issued.push(jwt);
      return json({ jwt });
    }
    return answer(url, init) ?? json({ ok: true });
  }));
  sessions.signIn({ jwt: sessionJwt('business_owner', '7') });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetCompanyToken();
  sessions.signOut();
});

describe('the company’s business access token (spec §4)', () => {
  it('is asked for once per company, kept in sessionStorage (never localStorage) and reused while valid', async () => {
    const [a, b] = await Promise.all([companyToken('greenmed'), companyToken('greenmed')]);
    expect(a).toBe(b);
    expect(await companyToken('greenmed')).toBe(a);
    expect(issued).toEqual([a]);
    expect(JSON.parse(sessionStorage.getItem('mc.company-access.greenmed')!)).toMatchObject({ jwt: a, userId: '7' });
    expect(localStorage.length).toBe(0);
    const other = await companyToken('bubble');
    expect(other).not.toBe(a);
    expect(issued).toHaveLength(2);
  });

  it('is renewed before it runs out', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), toFake: ['Date'] });
    const first = await companyToken('greenmed');
    expect(tokenExpiry(first)).toBe(Date.parse('2026-11-28T10:05:00Z'));
    vi.setSystemTime(new Date('2026-11-28T10:04:00Z'));
    expect(await companyToken('greenmed')).toBe(first);
    vi.setSystemTime(new Date('2026-11-28T10:04:45Z'));
    const second = await companyToken('greenmed');
    expect(second).not.toBe(first);
    expect(issued).toEqual([first, second]);
  });

  it('is dropped when the user signs out, and not used by another user of the tab', async () => {
    const first = await companyToken('greenmed');
    sessions.signOut();
    expect(sessionStorage.getItem('mc.company-access.greenmed')).toBeNull();
    sessions.signIn({ jwt: sessionJwt('business_owner', '8') });
    expect(await companyToken('greenmed')).not.toBe(first);
  });

  it('goes with each company call as the bearer; a 401 gets a new token once, and a second 401 is the error', async () => {
    const seen: (string | null)[] = [];
    let refusals = 1;
    answer = (url, init) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return refusals-- > 0 ? json({ statusCode: 401, message: 'x' }, 401) : json({ ok: true });
    };
    expect(await companyFetch('greenmed', '/manage/cannabis-company/greenmed')).toEqual({ ok: true });
    expect(seen).toEqual([`Bearer ${issued[0]}`, `Bearer ${issued[1]}`]);
    expect(sessions.get()).not.toBeNull();

    refusals = 2;
    await expect(companyFetch('greenmed', '/manage/cannabis-company/greenmed')).rejects.toMatchObject({ status: 401 });
    expect(issued).toHaveLength(3);
  });
});

describe('fileNameOf (Content-Disposition)', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''${encodeURIComponent('דוח מלאי.csv')}`, 'x')).toBe('דוח מלאי.csv');
    expect(fileNameOf('attachment; filename="greenmed-stock.xlsx"', 'x')).toBe('greenmed-stock.xlsx');
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
  });
});

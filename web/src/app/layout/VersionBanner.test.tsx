import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { he } from '../../kit/i18n/he';
import { RELOAD_AFTER_MS, VERSION_CHECK_MS } from './use-version-check';
import { VersionBanner } from './VersionBanner';

function stubServer(build: string, healthy = true) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).startsWith('/meta.json')) return new Response(JSON.stringify({ version: '0.1.0', build }), { status: 200 });
    return new Response('{}', { status: healthy ? 200 : 503 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const tick = async (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

describe('the outdated-version banner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stays hidden while the live build is this one', async () => {
    const fetchMock = stubServer(__BUILD_ID__);
    render(<VersionBanner reload={vi.fn()} />);
    await tick(VERSION_CHECK_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(he.shell.outdated)).toBeNull();
  });

  it('waits for a healthy API before asking', async () => {
    stubServer('newer', false);
    render(<VersionBanner reload={vi.fn()} />);
    await tick(VERSION_CHECK_MS);
    expect(screen.queryByText(he.shell.outdated)).toBeNull();
  });

  it('shows within 60 s of a newer build, refreshes on the button, and reloads by itself 2 minutes later', async () => {
    stubServer('newer');
    const reload = vi.fn();
    render(<VersionBanner reload={reload} />);
    await tick(VERSION_CHECK_MS);
    expect(screen.getByText(he.shell.outdated)).toBeTruthy();
    screen.getByRole('button', { name: he.refresh }).click();
    expect(reload).toHaveBeenCalledTimes(1);
    await tick(RELOAD_AFTER_MS - 1000);
    expect(reload).toHaveBeenCalledTimes(1);
    await tick(1000);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

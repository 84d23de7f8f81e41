import { Messages } from '@mc/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleSignInButton } from './GoogleSignInButton';

describe('GoogleSignInButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names its mode, and shows the failure when there is no Google URL to go to", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: Messages.googleUnavailable }), { status: 503 })));
    render(<GoogleSignInButton mode="signUp" />);
    const button = screen.getByRole('button', { name: 'הצטרפות עם Google' });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.googleUnavailable);
    expect(screen.getByRole('button', { name: 'הצטרפות עם Google' }).hasAttribute('disabled')).toBe(false);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotLiveNotice } from './BusinessLayout';

describe('the back office’s notice while patients do not see the pharmacy (issue 30)', () => {
  it('says a suspended pharmacy is hidden', () => {
    render(<NotLiveNotice state="suspended" />);
    expect(screen.getByRole('status').textContent).toBe('בית המרקחת מושהה ואינו מוצג למטופלים');
  });

  it('says an onboarding pharmacy is not shown yet', () => {
    render(<NotLiveNotice state="onboarding" />);
    expect(screen.getByRole('status').textContent).toBe('בית המרקחת בהקמה ואינו מוצג עדיין למטופלים');
  });

  it('says nothing for a live pharmacy, or when the answer does not name the state', () => {
    const { container } = render(<><NotLiveNotice state="live" /><NotLiveNotice state={undefined} /></>);
    expect(container.textContent).toBe('');
  });
});

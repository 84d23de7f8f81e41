import { BusinessMessages } from '@mc/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heBackOffice as heBusiness } from './he-backoffice';
import { SaveIndicator } from './ui';

describe('SaveIndicator (spec 4: the status column saves 3 s after the last edit)', () => {
  it("says 'not saved yet' from the edit until the save starts, then saving, saved or the failure", () => {
    const { rerender } = render(<SaveIndicator state="dirty" />);
    expect(screen.getByRole('status').textContent).toBe('השינויים טרם נשמרו');
    expect(heBusiness.notSavedYet).toBe('השינויים טרם נשמרו');
    rerender(<SaveIndicator state="saving" />);
    expect(screen.getByRole('status').textContent).toBe(BusinessMessages.statusSaving);
    rerender(<SaveIndicator state="saved" />);
    expect(screen.getByRole('status').textContent).toBe(BusinessMessages.statusSaved);
    rerender(<SaveIndicator state="error" />);
    expect(screen.getByRole('status').textContent).toBe(BusinessMessages.statusSaveFailed);
    rerender(<SaveIndicator state="idle" />);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

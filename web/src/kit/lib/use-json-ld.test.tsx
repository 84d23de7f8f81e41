import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useJsonLd } from './use-json-ld';

const scripts = () => document.head.querySelectorAll('script[type="application/ld+json"]');

describe('useJsonLd', () => {
  it('puts the data in a script in <head>, replaces it on change and removes it on unmount', () => {
    const { rerender, unmount } = renderHook(({ name }: { name?: string }) => useJsonLd(name ? { name } : undefined), {
      initialProps: { name: undefined } as { name?: string },
    });
    expect(scripts()).toHaveLength(0);
    rerender({ name: 'א' });
    expect(scripts()).toHaveLength(1);
    expect(JSON.parse(scripts()[0].textContent ?? '')).toEqual({ name: 'א' });
    rerender({ name: 'ב' });
    expect(scripts()).toHaveLength(1);
    expect(JSON.parse(scripts()[0].textContent ?? '')).toEqual({ name: 'ב' });
    unmount();
    expect(scripts()).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/envSchema';

describe('parseEnv', () => {
  it('defaults the API base to the same-origin /api/v1', () => {
    expect(parseEnv({})).toEqual({ VITE_API_BASE: '/api/v1' });
  });

  it('accepts a path or an http(s) URL', () => {
    expect(parseEnv({ VITE_API_BASE: 'https://api.remat.ch/api/v1' }).VITE_API_BASE).toBe(
      'https://api.remat.ch/api/v1',
    );
  });

  it('rejects anything else with a readable message', () => {
    expect(() => parseEnv({ VITE_API_BASE: 'api/v1' })).toThrow(/VITE_API_BASE/);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';

describe('ApiError', () => {
  it('keeps the machine code and gives the screens the spec’s field map', () => {
    const error = new ApiError(400, {
      code: 'validation_failed',
      detail: 'code: Wrong code.',
      fields: { code: ['Wrong code.'] },
    });
    expect(error.code).toBe('validation_failed');
    // The two-factor screen reads its field `code` from the body, as before the envelope.
    expect(error.body).toEqual({ code: ['Wrong code.'] });
  });

  it('drops a detail that only repeats the spec’s error', () => {
    const error = new ApiError(400, {
      code: 'password_too_weak',
      detail: 'Too weak.',
      error: 'Too weak.',
      details: ['Too short.'],
    });
    expect(error.code).toBe('password_too_weak');
    expect(error.body).toEqual({ error: 'Too weak.', details: ['Too short.'] });
  });

  it('keeps detail and other keys of a plain error', () => {
    const error = new ApiError(429, { code: 'rate_limited', detail: 'Slow down.', next_at: 'x' });
    expect(error.body).toEqual({ detail: 'Slow down.', next_at: 'x' });
  });

  it('leaves a body without a code as it is', () => {
    expect(new ApiError(502, 'Bad gateway').body).toBe('Bad gateway');
    expect(new ApiError(400, { email: ['Bad.'] }).code).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { sendFailureText } from './use-send-text';

describe('send failure text', () => {
  it('says offline for a network failure instead of "Failed to fetch"', () => {
    expect(sendFailureText(new TypeError('Failed to fetch'), true)).toMatch(/^You are offline/);
    expect(sendFailureText(new ApiError(500, 'boom'), false)).toMatch(/^You are offline/);
  });

  it('shows the server’s message otherwise', () => {
    const error = new ApiError(403, '{"error":"forbidden","message":"Join this Pact to chat"}');
    expect(sendFailureText(error, true)).toBe('Join this Pact to chat');
  });
});

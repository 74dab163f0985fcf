import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, withoutFieldKey } from './errors';

describe('errorMessage', () => {
  it('says an invalid field as a sentence, without the API’s field key', () => {
    const error = new ApiError(
      400,
      JSON.stringify({
        error: 'validation',
        message: 'password: is too common; choose one that is harder to guess',
      }),
    );
    expect(errorMessage(error)).toBe('Password is too common; choose one that is harder to guess');
    expect(withoutFieldKey('teamName: must not be blank')).toBe('Team name must not be blank');
    expect(withoutFieldKey('firstName, lastName: are required')).toBe(
      'First name and Last name are required',
    );
  });

  it('leaves ordinary messages alone', () => {
    expect(withoutFieldKey('Friend request sent')).toBe('Friend request sent');
    expect(withoutFieldKey('Try again at 10:30')).toBe('Try again at 10:30');
    expect(errorMessage(new ApiError(404, JSON.stringify({ message: 'User not found' })))).toBe(
      'User not found',
    );
  });
});

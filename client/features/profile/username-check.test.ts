import { describe, expect, it } from 'vitest';
import { localUsernameCheck, usernameBlocksSave, usernameToSave } from './username-check';

describe('localUsernameCheck', () => {
  it('needs no check for the current name, in any case or with an @', () => {
    expect(localUsernameCheck(' @Maya.Chen ', 'maya.chen')).toEqual({
      state: 'unchanged',
      name: 'maya.chen',
    });
  });
  it('says what is wrong with the shape before asking the server', () => {
    expect(localUsernameCheck('ab', 'x_1')).toMatchObject({
      state: 'invalid',
      message: 'Use at least 3 characters',
    });
    expect(localUsernameCheck('no way', 'x_1')).toMatchObject({ state: 'invalid' });
    expect(localUsernameCheck('Admin', 'x_1')).toMatchObject({
      state: 'invalid',
      message: 'That username is reserved',
    });
  });
  it('asks the server about a well-formed new name', () => {
    expect(localUsernameCheck('New.Name', 'x_1')).toEqual({ state: 'checking', name: 'new.name' });
  });
});

describe('saving', () => {
  it('sends only an available name and waits while checking', () => {
    expect(usernameToSave({ state: 'available', name: 'ok_name' })).toBe('ok_name');
    expect(usernameToSave({ state: 'unchanged', name: 'old' })).toBeUndefined();
    expect(usernameBlocksSave({ state: 'checking', name: 'a_b' })).toBe(true);
    expect(usernameBlocksSave({ state: 'taken', name: 'a_b', message: 'That username is taken' })).toBe(true);
    expect(usernameBlocksSave({ state: 'unchanged', name: 'a_b' })).toBe(false);
  });
});

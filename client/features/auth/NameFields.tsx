import { NAME_MAX_LENGTH } from '@shared/domain/limits';
import { useId } from 'react';
import { Label } from '../../ui/Label';
import { LimitedInput } from '../../ui/LimitedField';

export interface Names {
  firstName: string;
  lastName: string;
}

/** Both names are needed, after trimming (SPEC: 'Please enter both first and last name'). */
export const namesComplete = (names: Names): boolean =>
  names.firstName.trim() !== '' && names.lastName.trim() !== '';

/**
 * First Name and Last Name with their length limit, and the alert while one is blank: Complete Your Profile and
 * Edit profile ask for them the same way.
 */
export function NameFields({
  names,
  onChange,
  autoFocus = false,
}: {
  names: Names;
  onChange: (names: Names) => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-first`}>First Name</Label>
        <LimitedInput
          id={`${id}-first`}
          autoComplete="given-name"
          max={NAME_MAX_LENGTH}
          value={names.firstName}
          onChange={(e) => onChange({ ...names, firstName: e.target.value })}
          autoFocus={autoFocus}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-last`}>Last Name</Label>
        <LimitedInput
          id={`${id}-last`}
          autoComplete="family-name"
          max={NAME_MAX_LENGTH}
          value={names.lastName}
          onChange={(e) => onChange({ ...names, lastName: e.target.value })}
        />
      </div>
      {namesComplete(names) ? null : (
        <p role="alert" className="text-muted-foreground text-sm">
          Please enter both first and last name
        </p>
      )}
    </>
  );
}

import { DATA_TYPES, type DataType } from '@shared/api/privacy';

export type DeletionSelection = { full: boolean; types: DataType[] };

export const EMPTY_SELECTION: DeletionSelection = { full: false, types: [] };

/** Checking full account selects (and locks) every type; unchecking it clears them all. */
export function setFullAccount(full: boolean): DeletionSelection {
  return full ? { full: true, types: [...DATA_TYPES] } : EMPTY_SELECTION;
}

/** Toggles one type; ignored while the full account is chosen, since its boxes are locked. */
export function toggleType(
  selection: DeletionSelection,
  type: DataType,
  checked: boolean,
): DeletionSelection {
  if (selection.full) return selection;
  const types = checked
    ? DATA_TYPES.filter((t) => t === type || selection.types.includes(t))
    : selection.types.filter((t) => t !== type);
  return { full: false, types };
}

import { keysOfDate } from './reminder-logic';

/**
 * A set of reminder keys kept in localStorage (fired toasts, dismissed cards), so a reload or a second screen
 * does not repeat today's toast. Storage failures (private mode) fall back to memory.
 */
export function rememberedKeys(storageKey: string) {
  let memory: string[] = [];
  const read = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
    } catch {
      return memory;
    }
  };
  return {
    get: (): Set<string> => new Set(read()),
    /** Adds a key and forgets those of other dates. */
    add(key: string, date: string) {
      const next = keysOfDate([...read(), key], date);
      memory = next;
      try {
        localStorage.setItem(storageKey, JSON.stringify([...new Set(next)]));
      } catch {
        // Memory only.
      }
    },
  };
}

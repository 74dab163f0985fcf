import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The client reaches the server only through its typed layer (client/api/, built from the shared route table):
 * no API path written anywhere else in client/, in code or comments.
 */
describe('API paths in the client', () => {
  it('appear only inside client/api/', () => {
    const root = import.meta.dirname;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (file !== path.join(root, 'api') && entry.name !== 'public') walk(file);
        } else if (/\.(ts|tsx|html)$/.test(entry.name) && file !== path.join(root, 'no-api-paths.test.ts')) {
          const source = fs.readFileSync(file, 'utf8');
          // A path starts at a quote, a space or a parenthesis; imports such as '@shared/api/...' do not count.
          source.split('\n').forEach((line, i) => {
            if (/(^|[\s'"`(])\/api\//.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}`);
          });
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

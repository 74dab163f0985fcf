// Build step (scripts/build.mjs): writes the migrated embedded database to dist/db-template.
import { dbTemplateDir } from '../paths';
import { createDbTemplate } from './template';

await createDbTemplate(process.argv[2] ?? dbTemplateDir);

/** zod's parser alone, loaded with the first answer schemas (a module of its own, so only it is bundled). */
export { safeParse } from 'zod/v4/core';

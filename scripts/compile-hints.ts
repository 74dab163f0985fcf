import type { Plugin } from 'vite';

// V8's explicit compile hint on the first line of every JavaScript chunk of the client build (docs/CLIENT.md, "The
// first screen's main thread"). Chromium then compiles all of a file's functions while it streams in, on a
// background thread, instead of one by one on their first call inside the page's own tasks. Each chunk is a screen
// or what screens run as they load, so little is compiled that never runs.

/** Chromium's per-file compile hint (seen working in Chromium 156 here; other engines read a comment). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The Vite plugin. It runs last of all: Vite writes its preload map at the top of a chunk as the bundle is
 * generated, and the hint must come before any function. A source map moves down a line with the code.
 */
export function compileHints(): Plugin {
  return {
    name: 'sweatpact:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || file.code.startsWith(COMPILE_HINT)) continue;
          file.code = `${COMPILE_HINT}\n${file.code}`;
          if (file.map) file.map.mappings = `;${file.map.mappings}`;
        }
      },
    },
  };
}

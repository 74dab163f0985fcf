import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage, loader } from './lazy-page';

function Hello({ who }: { who: string }) {
  return <p>hello {who}</p>;
}

const inSuspense = (Page: React.ComponentType<{ who: string }>) =>
  renderToString(
    <Suspense fallback={<i>waiting</i>}>
      <Page who="ada" />
    </Suspense>,
  );

describe('a screen loaded on demand', () => {
  it('waits for its module the first time, and renders at once once its loader has it', async () => {
    let imports = 0;
    const load = loader(async () => {
      imports += 1;
      return { Hello };
    });
    const Page = lazyPage(load, 'Hello');
    expect(load.loaded()).toBeUndefined();
    expect(inSuspense(Page)).toContain('waiting');

    // Loaded ahead through the same loader (route-preload.ts): the next render does not suspend.
    await load();
    expect(inSuspense(Page)).toBe('<!--$--><p>hello <!-- -->ada</p><!--/$-->');
    expect(imports).toBeGreaterThanOrEqual(1);
  });

  it('takes a plain import too, and keeps what its own first load brought', async () => {
    const Page = lazyPage(async () => ({ Hello }), 'Hello');
    expect(inSuspense(Page)).toContain('waiting');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inSuspense(Page)).toBe('<!--$--><p>hello <!-- -->ada</p><!--/$-->');
  });
});

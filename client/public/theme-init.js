// Applies the stored theme before the first paint (dark by default), so the page never flashes.
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    theme = null;
  }
  const dark = theme !== 'light';
  document.documentElement.classList.toggle('dark', dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#08090b' : '#f4f6f1');
})();

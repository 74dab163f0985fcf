// Applies the stored theme before the first paint (dark by default), so the page never flashes.
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    theme = null;
  }
  document.documentElement.classList.toggle('dark', theme !== 'light');
})();

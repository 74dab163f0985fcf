// Applies the stored theme before the first paint (dark by default), so the page never flashes.
(() => {
  try {
    var t = localStorage.getItem('theme');
    document.documentElement.classList.toggle('dark', t !== 'light');
  } catch (e) {}
})();

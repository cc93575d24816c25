// Runs as soon as it arrives (async): the files of the screen the address's hash asks for, which the page
// names in its hfm-screen-chunks block (apps/web/area-pages.ts), start downloading beside the app's own
// instead of after the app has run. The app's import of them then takes the preloaded files.
(function () {
  var block = document.getElementById('hfm-screen-chunks');
  var screen = location.hash.slice(1).split('?')[0];
  var files;
  try {
    files = block && JSON.parse(block.textContent)[screen];
  } catch (error) {
    return;
  }
  (files || []).forEach(function (file) {
    var link = document.createElement('link');
    var style = /\.css$/.test(file);
    link.rel = style ? 'preload' : 'modulepreload';
    if (style) link.as = 'style';
    link.crossOrigin = '';
    link.href = '/' + file;
    document.head.appendChild(link);
  });
})();

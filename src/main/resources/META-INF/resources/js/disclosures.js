// A page refreshed through htmx keeps the disclosures its reader opened: each <details data-key> open before a swap
// is open after it.
(function () {
  var open = [];
  document.addEventListener('htmx:beforeSwap', function (event) {
    open = Array.prototype.map.call(
      event.detail.target.querySelectorAll('details[data-key][open]'),
      function (details) { return details.getAttribute('data-key'); });
  });
  document.addEventListener('htmx:afterSwap', function (event) {
    event.detail.target.querySelectorAll('details[data-key]').forEach(function (details) {
      if (open.indexOf(details.getAttribute('data-key')) >= 0) {
        details.open = true;
      }
    });
  });
})();

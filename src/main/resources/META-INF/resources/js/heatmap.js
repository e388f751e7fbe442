// A click on the rail heatmap asks the server which port is under it; the answer replaces #heatmap-detail.
document.addEventListener('click', function (event) {
  var image = event.target;
  if (image.id !== 'heatmap') {
    return;
  }
  var scale = Number(image.dataset.scale);
  var x = Math.floor(event.offsetX / scale);
  var y = Math.floor(event.offsetY / scale);
  var url = '/cells/' + encodeURIComponent(image.dataset.cell) + '/heatmap/port?x=' + x + '&y=' + y;
  htmx.ajax('GET', url, {target: '#heatmap-detail', swap: 'innerHTML'});
});

// Live parts of a page kept current: an element with data-stream hears the server's events
// (EventSource) and each event's data becomes its content; where a browser cannot keep the
// stream open, the part is asked for (data-part) every 15 seconds instead.
(function () {
  "use strict";
  function swap(id, html) {
    var holder = document.getElementById(id);
    if (holder) { holder.innerHTML = html; }
  }
  function poll(id, url) {
    setInterval(function () {
      fetch(url, { credentials: "same-origin" })
        .then(function (answer) { return answer.ok ? answer.text() : null; })
        .then(function (html) { if (html) { swap(id, html); } })
        .catch(function () {});
    }, 15000);
  }
  document.querySelectorAll("[data-stream]").forEach(function (element) {
    var id = element.id, stream = element.dataset.stream, part = element.dataset.part;
    if (!window.EventSource) { poll(id, part); return; }
    var source = new EventSource(stream);
    source.addEventListener(element.dataset.event || "message", function (event) { swap(id, event.data); });
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) { poll(id, part); }
    };
  });
}());

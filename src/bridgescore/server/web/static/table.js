// The table page's entries kept on the phone while the network is away: each entry form is
// sent as JSON with the id the page gave it; what cannot be sent waits in localStorage and
// is sent again (the same id, so the server stores it once) when the phone is back online.
(function () {
  "use strict";
  var KEY = "bridgescore-queue";
  var csrf = (document.querySelector('meta[name="csrf"]') || {}).content || "";
  function load() { try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; } }
  function save(queue) { localStorage.setItem(KEY, JSON.stringify(queue)); show(queue); }
  function show(queue) {
    var box = document.getElementById("queue");
    if (!box) { return; }
    box.textContent = queue.length ? queue.length + (queue.length === 1 ? " result is" : " results are") +
      " not yet sent: they are kept on this phone and sent when the connection is back." : "";
  }
  function problem(text) {
    var box = document.getElementById("problems");
    if (!box) { return; }
    var line = document.createElement("div");
    line.className = "error"; line.setAttribute("role", "alert"); line.textContent = text;
    box.appendChild(line);
  }
  var sending = false;
  function flush() {
    if (sending) { return; }
    var queue = load();
    if (!queue.length) { return; }
    sending = true;
    var item = queue[0];
    fetch(item.url, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF": csrf }, body: JSON.stringify(item.body) })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (answer) {
          save(load().filter(function (other) { return other.body.id !== item.body.id; }));
          sending = false;
          if (!response.ok) { problem("Board " + item.body.board + ": " + (answer.error || response.status)); flush(); return; }
          if (!load().length) { window.location.reload(); } else { flush(); }
        });
      })
      .catch(function () { sending = false; show(load()); });
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || form.dataset.offline !== "entry" || !window.fetch) { return; }
    event.preventDefault();
    var body = {};
    new FormData(form).forEach(function (value, key) { if (key !== "csrf") { body[key] = value; } });
    body.round = parseInt(body.round, 10); body.board = parseInt(body.board, 10);
    var queue = load();
    if (!queue.some(function (other) { return other.body.id === body.id; })) {
      queue.push({ url: "/api/results", body: body });
    }
    save(queue);
    var section = form.closest("section");
    if (section) { section.classList.add("pending"); }
    form.querySelector("button").textContent = "Sending…";
    flush();
  });
  window.addEventListener("online", flush);
  setInterval(flush, 5000);
  show(load());
  flush();
}());

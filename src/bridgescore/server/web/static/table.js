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
  function failed(item, answer, status) {
    // The server refused it: the board's form is usable again, and says why and what to do.
    var why = (answer.error || ("the server answered " + status)).replace(/^board \d+: /i, "");
    var said = "Board " + item.body.board + ": " + why.replace(/\.?$/, ".");
    if (status === 422 && !/check/i.test(why)) { said += " Check it and enter it again."; }
    if (status === 409) { said += " Nothing more to do here: the director settles it."; }
    var section = document.getElementById("board-" + item.body.board);
    var form = section && section.querySelector("form[data-offline]");
    if (!form) { problem(said); return; }
    section.classList.remove("pending");
    var button = form.querySelector("button");
    button.disabled = false;
    button.textContent = button.dataset.label || "Enter";
    var line = document.createElement("div");
    line.className = "error"; line.setAttribute("role", "alert"); line.textContent = said;
    section.insertBefore(line, form);
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
        if (response.status >= 500) { sending = false; show(load()); return null; }  // kept: sent again
        return response.json().catch(function () { return {}; }).then(function (answer) {
          save(load().filter(function (other) { return other.body.id !== item.body.id; }));
          sending = false;
          if (!response.ok) { failed(item, answer, response.status); flush(); return; }
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
    var button = form.querySelector("button");
    button.disabled = true;
    button.textContent = "Sending…";
    form.parentNode.querySelectorAll(".error").forEach(function (old) { old.remove(); });
    flush();
  });
  window.addEventListener("online", flush);
  setInterval(flush, 5000);
  show(load());
  flush();
}());

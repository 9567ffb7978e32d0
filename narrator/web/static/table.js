// narrator table: send moves, swap in the panels the server renders, keep the socket alive.
// No framework: the server renders every panel for this page's viewer only; this script just
// places what arrives and posts what the person clicks.
"use strict";

function $(selector, root) { return (root || document).querySelector(selector); }

async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "Accept": "application/json" },
    body: JSON.stringify(body),
  });
  let data = {};
  try { data = await response.json(); } catch (e) { /* an empty body */ }
  return { ok: response.ok, status: response.status, data: data };
}

function detailText(data) {
  const detail = data && data.detail;
  if (Array.isArray(detail)) return detail.map(d => (d.loc || []).join(".") + ": " + d.msg).join("; ");
  return detail ? String(detail) : "error";
}

// -- live panels ------------------------------------------------------------------------------

function replaceActions(html) {
  const box = $("#actions");
  if (!box || box.dataset.html === html) return;       // unchanged: keep focus and typing
  const typed = {};
  box.querySelectorAll("textarea[data-key]").forEach(t => { typed[t.dataset.key] = t.value; });
  box.innerHTML = html;
  box.dataset.html = html;
  box.querySelectorAll("textarea[data-key]").forEach(t => { if (typed[t.dataset.key]) t.value = typed[t.dataset.key]; });
}

function applyMessage(message) {
  const log = $("#events");
  if (message.type === "reset") { if (log) log.innerHTML = ""; return; }
  if (message.type !== "update") return;
  const panels = message.panels || {};
  if (panels.status !== undefined && $("#status")) $("#status").innerHTML = panels.status;
  if (panels.view !== undefined && $("#view")) $("#view").innerHTML = panels.view;
  if (panels.actions !== undefined) replaceActions(panels.actions);
  if (log) for (const html of message.events || []) log.insertAdjacentHTML("afterbegin", html);
}

function connect(path, delay) {
  const live = $(".live");
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + path);
  socket.onopen = () => { delay = 500; if (live) { live.textContent = live.dataset.live; live.classList.add("on"); } };
  socket.onmessage = event => applyMessage(JSON.parse(event.data));
  const ping = setInterval(() => { if (socket.readyState === 1) socket.send("ping"); }, 25000);
  socket.onclose = () => {
    clearInterval(ping);
    if (live) { live.textContent = live.dataset.offline; live.classList.remove("on"); }
    setTimeout(() => connect(path, Math.min(delay * 2, 10000)), delay);
  };
}

// -- moves and seat controls ------------------------------------------------------------------

document.addEventListener("submit", async event => {
  const form = event.target;
  if (!form.matches("form.control")) return;
  event.preventDefault();
  const confirmBox = $("input[data-confirm]", form);
  if (confirmBox && !confirmBox.checked) { confirmBox.focus(); return; }  // a move that cannot be undone
  const choice = $("select[data-choice]", form);
  const action = JSON.parse(choice ? choice.value : form.dataset.action);
  form.querySelectorAll("[data-field]").forEach(field => { action[field.dataset.field] = field.value; });
  form.querySelectorAll("input[data-flag]").forEach(flag => { if (flag.checked) action[flag.dataset.flag] = true; });
  const url = form.closest("[data-act-url]").dataset.actUrl;
  const button = $("button", form);
  button.disabled = true;
  const result = await postJSON(url, { action: action });
  button.disabled = false;
  const refusal = $(".refusal", form);
  if (!result.ok && refusal) refusal.textContent = detailText(result.data);
  else if (result.data.rejection && refusal) refusal.textContent = result.data.rejection.message;
});

document.addEventListener("click", async event => {
  const control = event.target.closest("[data-control]");
  if (control) {
    control.disabled = true;
    await postJSON(control.dataset.url, { controller: control.dataset.control });
    return;
  }
  const reissue = event.target.closest("[data-reissue]");
  if (reissue) {
    const result = await postJSON(reissue.dataset.reissue, {});
    const out = reissue.nextElementSibling;
    if (out) out.textContent = !result.ok ? detailText(result.data) : result.data.url ? location.origin + result.data.url : "";
  }
});

// -- the table-creation form --------------------------------------------------------------------

function numbers(text) {
  return text.split(/[,\s]+/).filter(Boolean).map(Number);
}

async function createTable(event) {
  event.preventDefault();
  const form = event.target;
  const body = {
    game: form.game.value, options_text: form.options_text.value, bot_kind: form.bot_kind.value,
    bot_seats: numbers(form.bot_seats.value), language: form.language.value,
    names: form.names.value.trim() ? form.names.value.split(",").map(s => s.trim()) : [],
  };
  if (form.character && form.character.value.trim()) body.options = { character: form.character.value };
  if (form.host && form.host.value) body.host = form.host.value;
  if (form.seed.value.trim()) body.seed = Number(form.seed.value);
  const result = await postJSON("/api/tables", body);
  const refusal = $(".refusal", form);
  if (!result.ok) { refusal.textContent = detailText(result.data); return; }
  refusal.textContent = "";
  const created = $("#created");
  $("h2", created).textContent = form.dataset.createdHeading.replace("%s", result.data.table);
  const list = $(".links", created);
  list.innerHTML = "";
  const add = (label, url) => {
    const item = document.createElement("li");
    if (url) {  // a bot seat has no link until the host page takes it over
      const link = document.createElement("a");
      link.href = url; link.textContent = location.origin + url; link.target = "_blank";
      item.append(label + ": ", link);
    } else {
      item.append(label);
    }
    list.append(item);
  };
  add(form.dataset.hostLabel, result.data.host_url);
  for (const seat of result.data.seats) {
    add(form.dataset.seatLabel.replace("%s", seat.seat).replace("%n", seat.name || "—") +
        (seat.controller === "bot" ? " — " + form.dataset.botLabel : ""), seat.url);
  }
  created.hidden = false;
}

document.addEventListener("DOMContentLoaded", () => {
  const form = $("#create-table");
  if (form) form.addEventListener("submit", createTable);
  const actions = $("#actions");
  if (actions) actions.dataset.html = "";
  if (document.body.dataset.ws) connect(document.body.dataset.ws, 500);
});

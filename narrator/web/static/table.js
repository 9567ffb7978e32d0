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

// -- your move: the tab title, a vibration, an optional sound -----------------------------------

let baseTitle = document.title;

function myMove() { return Boolean($("#actions .controls")); }

function beep() {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    tone.frequency.value = 660;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
  } catch (e) { /* no audio here */ }
}

function markTurn(wasMine) {
  const mine = myMove();
  const turnWord = document.body.dataset.yourTurn;
  if (turnWord) document.title = mine ? turnWord + " · " + baseTitle : baseTitle;
  document.body.classList.toggle("my-move", mine);
  if (!mine || wasMine) return;
  if (navigator.vibrate) navigator.vibrate([200, 100, 200]);  // where the browser allows it
  const sound = $("input[data-sound]");
  if (sound && sound.checked) beep();
}

// -- streamed drafts: the model's prose while it is written (never the record) -------------------

function applyDraft(message) {
  const box = $("#drafts");
  if (!box) return;
  let line = box.querySelector('li[data-key="' + message.key + '"]');
  if (message.type === "draft_end") {
    if (!line) return;
    if (message.kept) line.classList.add("kept");  // the next update brings the finished line
    else line.remove();                             // refused: withdrawn
    return;
  }
  if (!line) {
    line = document.createElement("li");
    line.dataset.key = String(message.key);
    const who = document.createElement("b");
    const text = document.createElement("span");
    line.append(who, " ", text, " ", Object.assign(document.createElement("i"), { textContent: box.dataset.writing || "" }));
    box.append(line);
  }
  line.querySelector("b").textContent = message.who || "";
  line.querySelector("span").textContent = message.text || "";  // text, never markup
}

function applyMessage(message) {
  const log = $("#events");
  if (message.type === "draft" || message.type === "draft_end") { applyDraft(message); return; }
  if (message.type === "reset") { if (log) log.innerHTML = ""; refilling = true; return; }  // the whole log follows
  if (message.type !== "update") return;
  document.querySelectorAll("#drafts li.kept").forEach(line => line.remove());
  const panels = message.panels || {};
  if (panels.status !== undefined && $("#status")) $("#status").innerHTML = panels.status;
  if (panels.view !== undefined && $("#view")) $("#view").innerHTML = panels.view;
  if (panels.you !== undefined) replaceYou(panels.you);
  if (panels.actions !== undefined) { const was = myMove(); replaceActions(panels.actions); markTurn(was); }
  const lines = message.events || [];
  if (log && lines.length) {
    log.insertAdjacentHTML("beforeend", lines.join(""));  // oldest first: a scene's heading above its text
    log.scrollTop = log.scrollHeight;
  }
  if (refilling) refilling = false;  // the log again after a (re)connect: nothing new to show above the choices
  else showLatest(lines);
  numberWidth();
}

// What happened since this seat's last move, oldest first, just above its choices: on a phone the log is
// a screen or more below the buttons (the result of a move was ~2,500 px down at 390 px).
let movedSinceLatest = false;
let refilling = false;
const LATEST_LINES = 12;

function showLatest(lines) {
  const latest = $("#latest");
  if (!latest || !lines.length) return;
  const fresh = movedSinceLatest;
  if (fresh) { latest.innerHTML = ""; movedSinceLatest = false; }
  latest.insertAdjacentHTML("beforeend", lines.join(""));
  while (latest.children.length > LATEST_LINES) latest.firstElementChild.remove();
  const top = latest.getBoundingClientRect().top;
  if (fresh && (top < 0 || top > window.innerHeight * 0.6)) latest.scrollIntoView({ block: "start" });  // the move's result in sight
}

// Who this seat is can change mid-game (a second soul's new mask): the header and the tab follow.
function replaceYou(html) {
  const you = $("#you");
  if (!you || you.innerHTML === html) return;
  const holder = document.createElement("span");
  holder.innerHTML = html;
  baseTitle = baseTitle.replace(you.textContent.trim(), holder.textContent.trim());
  you.innerHTML = html;
  markTurn(true);  // the title again, with the new name (no buzz)
}

// The events are numbered, oldest first: room in the margin for the longest number, so none is clipped.
function numberWidth() {
  const log = $("#events");
  if (log) log.style.setProperty("--digits", String(String(log.children.length).length));
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
  if (confirmBox && !confirmBox.checked) {  // a move that cannot be undone: the page says what is missing
    const needed = $(".confirm-needed", form);
    if (needed) needed.hidden = false;
    confirmBox.closest("label").classList.add("missing");
    confirmBox.focus();
    return;
  }
  const choice = $("select[data-choice]", form);
  const action = JSON.parse(choice ? choice.value : form.dataset.action);
  if (form.matches(".ballot")) {
    action.targets = [...form.querySelectorAll("input[data-target]:checked")].map(box => Number(box.dataset.target));
  }
  if (form.matches(".accusation")) {
    action.target = Number($("select[data-pick=target]", form).value);
    const basis = $("input[data-basis]:checked", form);
    action.basis = basis ? basis.dataset.basis : "logic";
    const shadow = $("input[data-shadow]", form);
    action.charge = shadow && shadow.checked ? "shadow" : "dark";
  }
  form.querySelectorAll("[data-field]").forEach(field => { action[field.dataset.field] = field.value; });
  form.querySelectorAll("input[data-flag]").forEach(flag => { if (flag.checked) action[flag.dataset.flag] = true; });
  const url = form.closest("[data-act-url]").dataset.actUrl;
  const button = $("button", form);
  button.disabled = true;
  movedSinceLatest = true;  // the update this move brings starts the "just now" lines afresh
  const result = await postJSON(url, { action: action });
  button.disabled = false;
  if (result.ok && (!result.data.rejection || result.data.rejection.question)) {
    // sent (a question back keeps the words on its buttons): the box is empty again, here and in the page the
    // update brought (it kept what was typed: play-test 17, the plea stayed in the box after it was sent)
    form.querySelectorAll("textarea[data-key]").forEach(sent => {
      document.querySelectorAll(`textarea[data-key="${sent.dataset.key}"]`).forEach(t => { t.value = ""; });
    });
  }
  const refusal = $(".refusal", form);
  if (!result.ok && refusal) refusal.textContent = detailText(result.data);
  else if (result.data.rejection && refusal) {
    refusal.textContent = result.data.rejection.text || result.data.rejection.message;
    refusal.classList.toggle("question-back", !!result.data.rejection.question);  // a question back, not a refusal
  }
});

// A ballot allows at most its count of ticks; the button waits for the first.
document.addEventListener("change", event => {
  const box = event.target;
  if (box.matches("input[data-sound]")) { localStorage.setItem("narrator-sound", box.checked ? "1" : ""); return; }
  if (box.matches("input[data-confirm]") && box.checked) {  // ticked: the missing-box notice goes
    const needed = $(".confirm-needed", box.closest("form"));
    if (needed) needed.hidden = true;
    box.closest("label").classList.remove("missing");
    return;
  }
  const form = box.closest("form.ballot");
  if (!form) return;
  const boxes = [...form.querySelectorAll("input[data-target]")];
  const ticked = boxes.filter(b => b.checked).length;
  const most = Number(form.dataset.most);
  boxes.forEach(b => { b.disabled = !b.checked && ticked >= most; });
  $("button", form).disabled = ticked === 0;
});

document.addEventListener("click", async event => {
  const control = event.target.closest("[data-control]");
  if (control) {
    control.disabled = true;
    await postJSON(control.dataset.url, { controller: control.dataset.control });
    return;
  }
  const copy = event.target.closest("button.copy");
  if (copy) { copyLink(copy); return; }
  const reissue = event.target.closest("[data-reissue]");
  if (reissue) {
    const result = await postJSON(reissue.dataset.reissue, {});
    const out = reissue.nextElementSibling;
    if (out) out.textContent = !result.ok ? detailText(result.data) : result.data.url ? location.origin + result.data.url : "";
  }
});

// -- the table-creation form --------------------------------------------------------------------

// A Storyteller game seats a troupe instead: a scenario, how many characters, each one's sheet and
// whether a bot plays it (the rows' boxes are the bot seats).
function troupeField(form) {
  const field = $("[data-troupe-field]", form);
  const option = form.game.selectedOptions[0];
  field.hidden = !option.dataset.troupe;
  if (field.hidden) return false;
  const choices = JSON.parse(field.dataset.choices)[form.game.value];
  if (form.scenario.dataset.game !== form.game.value) {  // this game's scenarios, the built-in one first
    form.scenario.innerHTML = "";
    for (const s of choices.scenarios) {
      const item = document.createElement("option");
      item.value = s.id;
      item.textContent = s.title + " (" + field.dataset.characters.replace("%s", s.min + "–" + s.max) + ")";
      item.dataset.min = s.min; item.dataset.max = s.max;
      form.scenario.append(item);
    }
    form.scenario.dataset.game = form.game.value;
  }
  const story = form.scenario.selectedOptions[0];
  const size = form.troupe_size;
  size.min = story.dataset.min; size.max = story.dataset.max;
  const count = $("[data-count-label]", field);  // this scenario's limits, not the book's
  count.textContent = count.dataset.countLabel.replace("%s", story.dataset.min === story.dataset.max
    ? story.dataset.min : story.dataset.min + "–" + story.dataset.max);
  size.value = String(Math.min(Math.max(Number(size.value) || 1, Number(size.min)), Number(size.max)));
  const rows = $("[data-troupe-rows]", field);
  const kept = [...rows.querySelectorAll(".troupe-row")].map(row => ({
    sheet: $("select", row).value, bot: $("input", row).checked, game: row.dataset.game }));
  rows.innerHTML = "";
  for (let seat = 0; seat < Number(size.value); seat++) {
    const before = kept[seat] && kept[seat].game === form.game.value ? kept[seat] : null;
    const row = document.createElement("div");
    row.className = "troupe-row"; row.dataset.game = form.game.value;
    const label = document.createElement("label");
    const pick = document.createElement("select");
    pick.dataset.sheet = "";
    for (const c of choices.sheets) {
      const item = document.createElement("option");
      item.value = c.id; item.textContent = c.name + " — " + c.concept;
      pick.append(item);
    }
    pick.value = before ? before.sheet : choices.sheets[seat % choices.sheets.length].id;  // a different one each
    label.append(field.dataset.row.replace("%s", seat + 1) + " ", pick);
    const bot = document.createElement("label");
    bot.className = "pick";
    const box = document.createElement("input");
    box.type = "checkbox"; box.value = String(seat); box.dataset.botSeat = "";
    box.checked = Boolean(before && before.bot);
    bot.append(box, " " + field.dataset.bot);
    row.append(label, bot);
    rows.append(row);
  }
  return true;
}

// Only the chosen game's fields: its own rules-profile example, the sheet box where a game seats
// characters (naming that game's samples), who runs the game where someone can.
function gameFields(form) {
  const option = form.game.selectedOptions[0];
  form.options_text.placeholder = option.dataset.profile || "";
  const character = $("[data-character-field]", form);
  character.hidden = !option.dataset.samples;
  if (character.hidden) form.character.value = "";
  const characterLabel = $("[data-character-label]", character);
  characterLabel.textContent = characterLabel.dataset.characterLabel.replace("%s", option.dataset.samples);
  form.character.placeholder = (option.dataset.samples || "").split(",")[0];
  const host = $("[data-host-field]", form);
  host.hidden = !option.dataset.host;
  if (host.hidden) form.host.value = "";
  const hostLabel = $("[data-host-label]", host);
  hostLabel.textContent = hostLabel.dataset.hostLabel.replace("%s", option.dataset.host);
}

// The player count and the bot checkboxes follow the chosen game (its default seat count).
function seatBoxes(form) {
  gameFields(form);
  const option = form.game.selectedOptions[0];
  if (troupeField(form)) {  // the troupe's rows say who plays which character
    $("[data-players-field]", form).hidden = true;
    $("[data-bot-field]", form).hidden = true;
    $("[data-bot-boxes]", form).innerHTML = "";
    form.players.value = "";
    return;
  }
  const counted = Boolean(option.dataset.players);
  $("[data-players-field]", form).hidden = !counted;
  if (!counted) form.players.value = "";
  else if (!form.players.value || form.players.dataset.game !== form.game.value) form.players.value = option.dataset.seats;
  form.players.dataset.game = form.game.value;
  const count = counted ? Number(form.players.value) : Number(option.dataset.seats);
  const box = $("[data-bot-boxes]", form);
  const ticked = new Set([...box.querySelectorAll("input:checked")].map(b => b.value));
  box.innerHTML = "";
  for (let seat = 0; seat < Math.min(count || 0, 64); seat++) {
    const label = document.createElement("label");
    label.className = "pick";
    const input = document.createElement("input");
    input.type = "checkbox"; input.value = String(seat); input.dataset.botSeat = "";
    input.checked = ticked.has(String(seat));
    label.append(input, " " + form.dataset.seatWord.replace("%s", seat));
    box.append(label);
  }
  $("[data-bot-field]", form).hidden = !count;
}

async function copyLink(button) {
  const text = button.dataset.text;
  try { await navigator.clipboard.writeText(text); }
  catch (e) {  // plain http on a LAN address: no clipboard API, copy through a selection
    const area = document.createElement("textarea");
    area.value = text; document.body.append(area); area.select();
    document.execCommand("copy"); area.remove();
  }
  button.textContent = button.closest("form, section").dataset.copied || button.dataset.copied;
}

async function createTable(event) {
  event.preventDefault();
  const form = event.target;
  const body = {
    game: form.game.value, options_text: form.options_text.value, bot_kind: form.bot_kind.value,
    bot_seats: [...form.querySelectorAll("input[data-bot-seat]:checked")].map(b => Number(b.value)),
    language: form.language.value, page_language: document.documentElement.lang || undefined,
    names: form.names.value.trim() ? form.names.value.split(",").map(s => s.trim()) : [],
  };
  const troupe = $("[data-troupe-field]", form);
  if (troupe && !troupe.hidden) {  // a Storyteller table: the scenario and one sheet per character
    const sheets = [...troupe.querySelectorAll("select[data-sheet]")].map(pick => pick.value);
    if (form.character && form.character.value.trim()) sheets[0] = form.character.value;  // a pasted sheet
    body.options = { scenario: form.scenario.value, troupe: sheets };
  } else if (form.character && form.character.value.trim()) body.options = { character: form.character.value };
  if (form.host && form.host.value) body.host = form.host.value;
  if (form.seed.value.trim()) body.seed = Number(form.seed.value);
  if (form.shares && form.shares.checked) body.shares = true;  // the deal waits for every person's share
  if (form.players.value && !$("[data-players-field]", form).hidden) body.players = Number(form.players.value);
  const result = await postJSON("/api/tables", body);
  const refusal = $(".refusal", form);
  if (!result.ok) { refusal.textContent = detailText(result.data); return; }
  refusal.textContent = "";
  const created = $("#created");
  $("h2", created).textContent = form.dataset.createdHeading.replace("%s", result.data.table);
  const list = $(".links", created);
  list.innerHTML = "";
  const add = (label, url, qr) => {
    const item = document.createElement("li");
    if (url) {  // a bot seat has no link until the host page takes it over
      const link = document.createElement("a");
      link.href = url; link.textContent = location.origin + url; link.target = "_blank";
      const copy = document.createElement("button");
      copy.type = "button"; copy.className = "secondary copy"; copy.textContent = form.dataset.copy;
      copy.dataset.text = location.origin + url; copy.dataset.copied = form.dataset.copied;
      item.append(label + ": ", link, " ", copy);
      if (qr) {  // the server drew it (segno, SVG): a phone at the table scans it off this screen
        const figure = document.createElement("figure");
        figure.className = "qr"; figure.setAttribute("aria-label", form.dataset.qr);
        figure.innerHTML = qr;
        item.append(figure);
      }
    } else {
      item.append(label);
    }
    list.append(item);
  };
  add(form.dataset.hostLabel, result.data.host_url, null);
  for (const seat of result.data.seats) {
    add(form.dataset.seatLabel.replace("%s", seat.seat).replace("%n", seat.label || seat.name || "—") +
        (seat.controller === "bot" ? " — " + form.dataset.botLabel : ""), seat.url, seat.qr);
  }
  $("[data-bot-note]", created).hidden = !result.data.seats.some(seat => seat.controller === "bot");
  created.hidden = false;
}

document.addEventListener("DOMContentLoaded", () => {
  const form = $("#create-table");
  if (form) {
    form.addEventListener("submit", createTable);
    form.game.addEventListener("change", () => seatBoxes(form));
    form.players.addEventListener("input", () => seatBoxes(form));
    form.scenario.addEventListener("change", () => seatBoxes(form));
    form.troupe_size.addEventListener("input", () => seatBoxes(form));
    seatBoxes(form);
  }
  const actions = $("#actions");
  if (actions) actions.dataset.html = "";
  const sound = $("input[data-sound]");
  if (sound) sound.checked = localStorage.getItem("narrator-sound") === "1";
  markTurn(true);  // the title shows it at once; no buzz for a page just opened
  numberWidth();
  const log = $("#events");
  if (log) log.scrollTop = log.scrollHeight;  // the newest lines in sight
  if (document.body.dataset.ws) connect(document.body.dataset.ws, 500);
});

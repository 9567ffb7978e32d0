// narrator: the room's public screen. The server renders the board for the public viewer only; this
// script swaps it in, lists the public log (as text) and hands new lines to the speech queue.
"use strict";

const SHOWN_LINES = 40;

document.addEventListener("DOMContentLoaded", () => {
  const body = document.body;
  const lang = body.dataset.lang || document.documentElement.lang || "en";
  const speaker = new NarratorSpeech.Speaker(lang, Number(body.dataset.heard || "0"));
  NarratorSpeech.controls(document.querySelector("[data-speech]"), speaker);
  const notice = document.querySelector("[data-activate]");  // browsers speak only after a first gesture
  const activated = () => { if (notice) notice.hidden = true; };
  document.addEventListener("pointerdown", activated, { once: true });
  document.addEventListener("keydown", activated, { once: true });
  const board = document.getElementById("board");
  speaker.onstart = line => {  // the line being read stands out in the log
    document.querySelectorAll("#lines li.reading").forEach(item => item.classList.remove("reading"));
    const item = document.querySelector('#lines li[data-n="' + line.n + '"]');
    if (item) item.classList.add("reading");
  };
  const lines = document.getElementById("lines");
  const drafts = document.getElementById("drafts");

  function addLine(line) {
    const item = document.createElement("li");
    item.dataset.n = String(line.n);
    item.dataset.voice = line.voice;
    item.textContent = line.text;  // text, never markup
    lines.prepend(item);
    while (lines.children.length > SHOWN_LINES) lines.lastElementChild.remove();
  }

  function draft(message) {
    let line = drafts.querySelector('li[data-key="' + message.key + '"]');
    if (message.type === "draft_end") {
      if (line && !message.kept) line.remove();
      else if (line) line.classList.add("kept");
      return;
    }
    if (!line) {
      line = document.createElement("li");
      line.dataset.key = String(message.key);
      line.append(document.createElement("b"), " ", document.createElement("span"), " ",
                  Object.assign(document.createElement("i"), { textContent: drafts.dataset.writing || "" }));
      drafts.append(line);
    }
    line.querySelector("b").textContent = message.who || "";
    line.querySelector("span").textContent = message.text || "";
  }

  NarratorSpeech.listen(body.dataset.ws, message => {
    if (message.type === "reset") { lines.innerHTML = ""; return; }
    if (message.type === "draft" || message.type === "draft_end") { draft(message); return; }
    if (message.type !== "screen") return;
    drafts.querySelectorAll("li.kept").forEach(line => line.remove());
    if (message.board !== undefined && board.dataset.html !== message.board) {
      board.innerHTML = message.board;
      board.dataset.html = message.board;
    }
    paintTheme();
    for (const line of message.lines || []) addLine(line);
    speaker.hear(message.lines || []);
  }, document.querySelector(".live"));
  paintTheme();

  // The board says its theme (battaglia's night, Ten Candles' darkness); the whole page follows it.
  function paintTheme() {
    const theme = board.querySelector("[data-theme]");
    body.dataset.theme = theme ? theme.dataset.theme : "";
    body.dataset.dark = theme ? theme.dataset.dark : "0";
  }
});

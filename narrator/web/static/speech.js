// narrator: the table's public words read aloud by the browser's own speech synthesis (Web Speech API).
// Nothing is sent anywhere: window.speechSynthesis speaks on this machine. The server sends each public
// log line with its position in the public log (n), its exact text and a voice key ("narrator" or
// "seat:N"); a line is spoken once, in order, and never again after a reconnect (n below `heard`).
"use strict";

const NarratorSpeech = (() => {
  const MUTED = "narrator-speech-muted", RATE = "narrator-speech-rate";

  function synth() { return window.speechSynthesis || null; }

  // Voices of the table's language (ru, en), the browser's own; the narrator takes the first, each
  // seat its own one of the rest (several seats share one, with a different pitch, when there are few).
  function voicesFor(lang) {
    const s = synth();
    const all = s && typeof s.getVoices === "function" ? s.getVoices() || [] : [];
    const prefix = lang.toLowerCase();
    return all.filter(v => String(v.lang || "").toLowerCase().replace("_", "-").split("-")[0] === prefix);
  }

  class Speaker {
    // heard: the first public position not yet heard (lines before it are never read); null: the first
    // lines that arrive are the backlog, heard already.
    constructor(lang, heard) {
      this.lang = lang;
      this.heard = heard;
      this.muted = localStorage.getItem(MUTED) === "1";
      this.rate = Number(localStorage.getItem(RATE) || "1") || 1;
      this.onchange = null;
      this.onstart = null;  // told the line whose utterance starts (the screen marks it)
    }

    voice(key) {
      const voices = voicesFor(this.lang);
      const seat = key && key.startsWith("seat:") ? Number(key.slice(5)) : -1;
      if (!voices.length) return { voice: null, pitch: seat < 0 ? 1 : 0.8 + (seat % 5) * 0.1 };
      if (seat < 0) return { voice: voices[0], pitch: 1 };
      const others = voices.length > 1 ? voices.slice(1) : voices;
      const pitch = others.length > seat ? 1 : 0.8 + (Math.floor(seat / others.length) % 5) * 0.1;
      return { voice: others[seat % others.length], pitch: pitch };
    }

    // Lines as the server sent them; speaks the unheard ones, in order.
    hear(lines) {
      if (this.heard === null) {  // the backlog of a page just opened: shown, not read
        this.heard = lines.reduce((most, line) => Math.max(most, line.n + 1), 0);
        return;
      }
      for (const line of lines) {
        if (line.n < this.heard) continue;
        this.heard = line.n + 1;
        if (!this.muted) this.say(line.text, line.voice, line);
      }
    }

    say(text, key, line) {
      const s = synth();
      if (!s || typeof window.SpeechSynthesisUtterance !== "function") return;
      const utterance = new window.SpeechSynthesisUtterance(text);
      utterance.lang = this.lang;
      utterance.rate = this.rate;
      const chosen = this.voice(key);
      if (chosen.voice) utterance.voice = chosen.voice;
      utterance.pitch = chosen.pitch;
      const speaking = document.querySelector("[data-speaking]");
      utterance.onstart = () => {
        if (speaking) speaking.textContent = speaking.dataset.word || "";
        if (this.onstart && line) this.onstart(line);
      };
      utterance.onend = () => { if (speaking && !s.speaking) speaking.textContent = ""; };
      s.speak(utterance);  // the browser's own queue keeps the order
    }

    setMuted(muted) {
      this.muted = muted;
      localStorage.setItem(MUTED, muted ? "1" : "0");
      if (muted && synth()) synth().cancel();
      if (this.onchange) this.onchange();
    }

    setRate(rate) {
      this.rate = rate;
      localStorage.setItem(RATE, String(rate));
      if (this.onchange) this.onchange();
    }
  }

  // The mute button and rate slider of a page (elements with data-mute / data-rate inside `root`).
  function controls(root, speaker) {
    const mute = root.querySelector("[data-mute]");
    const rate = root.querySelector("[data-rate]");
    const shown = root.querySelector("[data-rate-shown]");
    const voices = root.querySelector("[data-voices]");
    const paint = () => {
      if (mute) {
        mute.textContent = speaker.muted ? mute.dataset.unmuteWord : mute.dataset.muteWord;
        mute.setAttribute("aria-pressed", speaker.muted ? "true" : "false");
      }
      if (rate) rate.value = String(speaker.rate);
      if (shown) shown.textContent = speaker.rate.toFixed(1);
      if (voices) {
        const found = voicesFor(speaker.lang);
        voices.textContent = found.length ? found.length + " × " + speaker.lang : voices.dataset.none || "";
      }
    };
    speaker.onchange = paint;
    if (mute) mute.addEventListener("click", () => speaker.setMuted(!speaker.muted));
    if (rate) rate.addEventListener("input", () => speaker.setRate(Number(rate.value) || 1));
    const s = synth();
    if (s && typeof s.addEventListener === "function") s.addEventListener("voiceschanged", paint);
    paint();
  }

  // A socket of public lines (and, on the screen, the board); reconnects with a growing delay until
  // the returned handle is stopped.
  function listen(path, onmessage, live) {
    let delay = 500, socket = null, stopped = false;
    const open = () => {
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      socket = new WebSocket(scheme + location.host + path);
      socket.onopen = () => { delay = 500; if (live) { live.textContent = live.dataset.live; live.classList.add("on"); } };
      socket.onmessage = event => onmessage(JSON.parse(event.data));
      const ping = setInterval(() => { if (socket && socket.readyState === 1) socket.send("ping"); }, 25000);
      socket.onclose = () => {
        clearInterval(ping);
        if (live) { live.textContent = live.dataset.offline; live.classList.remove("on"); }
        if (!stopped) setTimeout(open, delay);
        delay = Math.min(delay * 2, 10000);
      };
    };
    open();
    return { stop: () => { stopped = true; if (socket) socket.close(); } };
  }

  return { Speaker: Speaker, controls: controls, listen: listen, voicesFor: voicesFor };
})();

// A seat page's opt-in: "read the table's public words aloud" (off unless ticked; kept per browser).
document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector("input[data-speech-seat]");
  if (!box) return;
  const KEY = "narrator-speech-seat";
  const speaker = new NarratorSpeech.Speaker(document.documentElement.lang || "en", null);
  let socket = null;
  const start = () => {
    if (socket) return;
    speaker.heard = null;  // what was said before the box was ticked is not read
    socket = NarratorSpeech.listen(box.dataset.speechSeat, message => {
      if (message.type === "screen") speaker.hear(message.lines || []);
    }, null);
  };
  const stop = () => {
    if (!socket) return;
    socket.stop();
    socket = null;
    if (window.speechSynthesis) window.speechSynthesis.cancel();
  };
  box.checked = localStorage.getItem(KEY) === "1";
  box.addEventListener("change", () => {
    localStorage.setItem(KEY, box.checked ? "1" : "0");
    if (box.checked) start(); else stop();
  });
  if (box.checked) start();
});

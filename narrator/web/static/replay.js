// The replay viewer (narrator/viewer/page.py): steps through the lenses embedded in the page.
// Everything shown comes from the JSON block and goes into the DOM as text, never as markup.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const words = data.words;
  const $ = (id) => document.getElementById(id);
  const el = (tag, text, cls) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  };
  let lens = data.lenses[0];
  let at = 0;

  function fromHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    const wanted = data.lenses.find((l) => l.key === params.get("lens"));
    if (wanted) lens = wanted;
    const step = parseInt(params.get("step") || "", 10);
    if (!Number.isNaN(step)) at = Math.max(0, Math.min(step - 1, lens.steps.length - 1));
  }

  function toHash() {
    history.replaceState(null, "", "#lens=" + encodeURIComponent(lens.key) + "&step=" + (at + 1));
  }

  function firstOfChapter(index) {  // the first step of the chapter ``index`` is in
    let i = index;
    while (i > 0 && lens.steps[i - 1].c === lens.steps[index].c) i--;
    return i;
  }

  function nextChapter(index) {  // the first step of the next chapter (or the last step)
    let i = index;
    while (i < lens.steps.length - 1 && lens.steps[i].c === lens.steps[index].c) i++;
    return i;
  }

  function previousChapter(index) {  // this chapter's start, or the previous chapter's when already there
    const start = firstOfChapter(index);
    return start === index && index > 0 ? firstOfChapter(index - 1) : start;
  }

  function renderPanel(panel) {
    const box = $("panel");
    box.replaceChildren();
    for (const section of panel.map((i) => data.sections[i])) {
      const block = el("section");
      if (section.t) block.append(el("h3", section.t));
      if (section.r.length) {
        const list = el("dl");
        for (const [label, value] of section.r) list.append(el("dt", label), el("dd", value));
        block.append(list);
      }
      if (section.i.length) {
        const items = el("ul");
        for (const item of section.i) items.append(el("li", item));
        block.append(items);
      }
      box.append(block);
    }
  }

  function renderCalls(step) {
    const box = $("calls");
    box.replaceChildren();
    if (!step.k.length) return;
    const all = el("details", null, "calls");
    all.append(el("summary", lens.calls.replace("{n}", step.k.length)));
    for (const [summary, details] of step.k) {
      const call = el("details", null, "call");
      call.append(el("summary", summary));
      for (const [label, value] of details) call.append(el("h4", label), el("pre", value));
      all.append(call);
    }
    box.append(all);
  }

  function renderTable(upTo) {  // the chapter's moves and votes so far, a row per seat
    const table = $("moves");
    table.replaceChildren();
    const rows = new Map();
    let hasMoves = false, hasVotes = false;
    for (let i = upTo < 0 ? 0 : firstOfChapter(upTo); i <= upTo; i++) {
      const step = lens.steps[i];
      for (const [seat, label] of step.m) {
        const row = rows.get(seat) || [[], []];
        row[0].push(label); rows.set(seat, row); hasMoves = true;
      }
      for (const [seat, whom] of step.v) {
        const row = rows.get(seat) || [[], []];
        row[1].push(whom); rows.set(seat, row); hasVotes = true;
      }
    }
    $("table-title").hidden = table.hidden = rows.size === 0;
    if (!rows.size) return;
    const head = el("tr");
    head.append(el("th", words.col_seat));
    if (hasMoves) head.append(el("th", words.col_moves));
    if (hasVotes) head.append(el("th", words.col_votes));
    table.append(head);
    for (const seat of [...rows.keys()].sort((a, b) => a - b)) {
      const [moves, votes] = rows.get(seat);
      const row = el("tr");
      row.append(el("th", lens.names[String(seat)] || String(seat)));
      if (hasMoves) row.append(el("td", moves.join("; ")));
      if (hasVotes) row.append(el("td", votes.join("; ")));
      table.append(row);
    }
  }

  function render() {
    $("title").textContent = lens.title;
    document.title = lens.title;
    $("about").textContent = lens.about;
    $("lens").value = lens.key;
    $("knew").textContent = lens.knew;
    const steps = lens.steps;
    const scrub = $("scrub");
    scrub.max = String(Math.max(0, steps.length - 1));
    scrub.value = String(at);
    const lines = $("lines");
    lines.replaceChildren();
    if (!steps.length) {
      $("chapter").textContent = "";
      $("position").textContent = words.no_steps;
      $("panel").replaceChildren();
      $("calls").replaceChildren();
      renderTable(-1);
      return;
    }
    const step = steps[at];
    const chapter = lens.chapters[step.c];
    $("chapter").textContent = chapter.t;
    $("position").textContent = words.step.replace("{n}", at + 1).replace("{total}", steps.length);
    let current = null;
    for (let i = firstOfChapter(at); i <= at; i++) {
      const item = el("li", null, i === at ? "step current" : "step");
      for (const [kind, text] of steps[i].l) item.append(el("p", data.texts[text], "line " + kind));
      lines.append(item);
      if (i === at) current = item;
    }
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
    renderPanel(step.p);
    renderCalls(step);
    renderTable(at);
    $("first").disabled = $("previous").disabled = at === 0;
    $("last").disabled = $("next").disabled = at === steps.length - 1;
    toHash();
  }

  function go(index) {
    at = Math.max(0, Math.min(index, lens.steps.length - 1));
    render();
  }

  function switchLens(key) {
    const line = lens.steps.length ? lens.steps[at].n : 0;
    lens = data.lenses.find((l) => l.key === key) || lens;
    let found = 0;  // the same moment of the game, as near as this lens saw it
    lens.steps.forEach((s, i) => { if (s.n <= line) found = i; });
    at = found;
    render();
  }

  for (const name of ["first", "previous", "next", "last"]) $(name).textContent = words[name];
  $("seen-by").textContent = words.seen_by;
  $("keys").textContent = words.keys;
  $("table-title").textContent = words.table_title;
  const select = $("lens");
  for (const l of data.lenses) {
    const option = el("option", l.name);
    option.value = l.key;
    select.append(option);
  }
  select.addEventListener("change", () => switchLens(select.value));
  $("first").addEventListener("click", () => go(0));
  $("previous").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(lens.steps.length - 1));
  $("scrub").addEventListener("input", (e) => go(parseInt(e.target.value, 10)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = {
      ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), Home: () => go(0),
      End: () => go(lens.steps.length - 1), PageDown: () => go(nextChapter(at)), PageUp: () => go(previousChapter(at)),
    };
    if (moves[e.key] && lens.steps.length) { e.preventDefault(); moves[e.key](); }
  });
  fromHash();
  render();
})();

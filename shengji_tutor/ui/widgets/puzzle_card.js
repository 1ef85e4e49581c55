function render({ model, el }) {
  // every word the card writes comes from Python, in the learner's language: `labels` (the fixed words),
  // `hand_title`, `hint_button` and `choice_words`
  const words = () => model.get("labels");
  const root = h("section", { class: "sjt-widget sjt-puzzle" });
  const head = h("header", { class: "sjt-puzzle-head" });
  const prompt = h("h3", { class: "sjt-prompt" });
  const progress = h("span", { class: "sjt-progress" });
  head.append(prompt, progress);
  const context = h("p", { class: "sjt-context" });
  const trick = h("div", { class: "sjt-trick-picture" });
  const handTitle = h("div", { class: "sjt-title" });
  const hand = h("div", { class: "sjt-hand-groups" });
  const answer = h("div", { class: "sjt-answer" });
  const buttons = h("div", { class: "sjt-buttons" });
  const check = h("button", { type: "button", class: "sjt-button sjt-primary" });
  const hint = h("button", { type: "button", class: "sjt-button sjt-hint-button" });
  const reveal = h("button", { type: "button", class: "sjt-button sjt-reveal" });
  const next = h("button", { type: "button", class: "sjt-button" });
  buttons.append(check, hint, reveal, next);
  const hintBox = h("ol", { class: "sjt-hint-text sjt-hint-ladder", "aria-live": "polite" });
  const feedback = h("div", { class: "sjt-feedback", role: "status", "aria-live": "polite" });
  const error = statusLine();
  root.append(head, context, trick, handTitle, hand, answer, buttons, hintBox, feedback, error);
  el.append(root);

  check.addEventListener("click", () => model.send({ event: "check" }));
  hint.addEventListener("click", () => model.send({ event: "hint" }));
  reveal.addEventListener("click", () => model.send({ event: "reveal" }));
  next.addEventListener("click", () => model.send({ event: "next" }));
  const toggle = (index) => model.send({ event: "toggle", index });
  const choose = (value) => model.send({ event: "answer", value });

  function drawLabels() {
    const said = words();
    check.textContent = said.check;
    reveal.textContent = said.show_answer;
    next.textContent = said.next;
    hintBox.setAttribute("aria-label", said.hints);
  }

  function drawAnswer() {
    answer.replaceChildren();
    const kind = model.get("kind");
    const said = words();
    if (kind === "seat" || kind === "choice") {
      const label = kind === "seat" ? said.who_wins : said.choose_one;
      const group = h("div", { class: "sjt-choices", role: "group", "aria-label": label });
      const shown = model.get("choice_words");
      for (const [k, value] of model.get("choices").entries()) {
        const text = shown[k] || value;
        const b = h("button", { type: "button", class: "sjt-button sjt-choice", text, "data-value": value });
        b.addEventListener("click", () => choose(value));
        group.append(b);
      }
      answer.append(group);
    } else if (kind === "number") {
      const input = h("input", { type: "number", class: "sjt-number", "aria-label": said.answer, step: "5", inputmode: "numeric" });
      const report = () => {
        if (input.value.trim() === "") return;
        const value = Number(input.value);
        model.send({ event: "answer", value: Number.isInteger(value) ? value : input.value });
      };
      input.addEventListener("change", report);
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") {
          report();
          model.send({ event: "check" });
        }
      });
      answer.append(h("label", { class: "sjt-number-label" }, [said.your_answer + " ", input]));
    } else if (kind === "yesno") {
      const group = h("div", { class: "sjt-choices", role: "group", "aria-label": said.yes_or_no });
      for (const [value, text] of [["yes", said.yes], ["no", said.no]]) {
        const b = h("button", { type: "button", class: "sjt-button sjt-choice", text, "data-value": value });
        b.addEventListener("click", () => choose(value));
        group.append(b);
      }
      answer.append(group);
    }
    markAnswer();
  }

  function markAnswer() {
    const choice = model.get("choice");
    for (const b of answer.querySelectorAll("button.sjt-choice")) {
      const value = b.dataset.value;
      b.setAttribute("aria-pressed", String(value === choice));
    }
    const input = answer.querySelector("input.sjt-number");
    if (input && document.activeElement !== input) input.value = choice;
  }

  function drawPlayerHand() {
    const kind = model.get("kind");
    const pick = kind === "cards" || kind === "order";
    const cards = model.get("hand");
    handTitle.hidden = cards.length === 0;
    handTitle.textContent = model.get("hand_title"); // "Your hand — pick 2", in the learner's language
    drawHand(hand, cards, { selected: model.get("selected"), highlight: model.get("highlight"), disabled: !pick, send: toggle });
    markHand(hand, model.get("selected"), model.get("highlight"), !pick);
    hand.classList.toggle("sjt-ordered", kind === "order");
  }

  function drawAll() {
    root.dataset.puzzleId = model.get("puzzle_id");
    prompt.textContent = model.get("prompt");
    progress.textContent = model.get("progress");
    context.textContent = model.get("context");
    trick.innerHTML = model.get("trick"); // drawn by our Python renderer
    trick.hidden = !model.get("trick");
    drawLabels();
    drawPlayerHand();
    drawAnswer();
    drawFeedback();
  }

  function drawFeedback() {
    const verdict = model.get("verdict");
    if (verdict) feedback.dataset.verdict = verdict;
    else delete feedback.dataset.verdict;
    feedback.replaceChildren();
    const text = model.get("feedback");
    const said = words().verdicts[verdict];
    if (verdict) feedback.append(h("strong", { class: "sjt-verdict", text: said ? said + " " : "" }));
    if (text) feedback.append(h("span", { text }));
    const shown = model.get("hints");
    const total = model.get("hint_total");
    hintBox.replaceChildren(...shown.map((step) => h("li", { text: step })));
    hintBox.hidden = shown.length === 0;
    const used = shown.length;
    hint.textContent = model.get("hint_button"); // "Hint (1 of 3)"…, worded by Python
    hint.disabled = used >= total;
    reveal.hidden = !model.get("can_reveal");
    next.disabled = !model.get("has_next");
  }

  for (const trait of ["puzzle_id", "prompt", "kind", "context", "trick", "hand", "hand_title", "choices", "choice_words", "max_selected", "labels"]) {
    model.on("change:" + trait, drawAll);
  }
  model.on("change:progress", () => (progress.textContent = model.get("progress")));
  model.on("change:selected", () => markHand(hand, model.get("selected"), model.get("highlight"), !["cards", "order"].includes(model.get("kind"))));
  model.on("change:highlight", drawPlayerHand);
  model.on("change:choice", markAnswer);
  for (const trait of ["verdict", "feedback", "hint_text", "hints", "hint_total", "hint_button", "can_reveal", "has_next"]) {
    model.on("change:" + trait, drawFeedback);
  }
  model.on("change:error", () => (error.textContent = model.get("error")));
  drawAll();
}
export default { render };

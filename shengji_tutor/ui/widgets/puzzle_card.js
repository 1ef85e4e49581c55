function render({ model, el }) {
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
  const check = h("button", { type: "button", class: "sjt-button sjt-primary", text: "Check" });
  const hint = h("button", { type: "button", class: "sjt-button sjt-hint-button", text: "Hint" });
  const reveal = h("button", { type: "button", class: "sjt-button sjt-reveal", text: "Show answer" });
  const next = h("button", { type: "button", class: "sjt-button", text: "Next" });
  buttons.append(check, hint, reveal, next);
  const hintBox = h("ol", { class: "sjt-hint-text sjt-hint-ladder", "aria-label": "Hints", "aria-live": "polite" });
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

  function drawAnswer() {
    answer.replaceChildren();
    const kind = model.get("kind");
    if (kind === "seat" || kind === "choice") {
      const label = kind === "seat" ? "Who wins?" : "Choose one";
      const group = h("div", { class: "sjt-choices", role: "group", "aria-label": label });
      for (const value of model.get("choices")) {
        const b = h("button", { type: "button", class: "sjt-button sjt-choice", text: value, "data-value": value });
        b.addEventListener("click", () => choose(value));
        group.append(b);
      }
      answer.append(group);
    } else if (kind === "number") {
      const input = h("input", { type: "number", class: "sjt-number", "aria-label": "Answer", step: "5", inputmode: "numeric" });
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
      answer.append(h("label", { class: "sjt-number-label" }, ["Your answer ", input]));
    } else if (kind === "yesno") {
      const group = h("div", { class: "sjt-choices", role: "group", "aria-label": "Yes or no" });
      for (const [value, text] of [["yes", "Yes"], ["no", "No"]]) {
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
    const max = model.get("max_selected");
    handTitle.textContent = model.get("hand_label") + (pick && max && kind === "cards" ? ` — pick ${max}` : "");
    if (kind === "order") handTitle.textContent += " — click them from highest to lowest";
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
    const said = { correct: "Correct! ", incorrect: "Not quite. ", shown: "The answer (not counted as solved). ", recorded: "Answer recorded. " };
    if (verdict) feedback.append(h("strong", { class: "sjt-verdict", text: said[verdict] || "" }));
    if (text) feedback.append(h("span", { text }));
    const shown = model.get("hints");
    const total = model.get("hint_total");
    hintBox.replaceChildren(...shown.map((step) => h("li", { text: step })));
    hintBox.hidden = shown.length === 0;
    const used = shown.length;
    if (total <= 1) hint.textContent = used ? "Hint shown" : "Hint";
    else if (used >= total) hint.textContent = `All ${total} hints shown`;
    else hint.textContent = used === 0 ? `Hint (1 of ${total})` : `Next hint (${used + 1} of ${total})`;
    hint.disabled = used >= total;
    reveal.hidden = !model.get("can_reveal");
    next.disabled = !model.get("has_next");
  }

  for (const trait of ["puzzle_id", "prompt", "kind", "context", "trick", "hand", "hand_label", "choices", "max_selected"]) {
    model.on("change:" + trait, drawAll);
  }
  model.on("change:progress", () => (progress.textContent = model.get("progress")));
  model.on("change:selected", () => markHand(hand, model.get("selected"), model.get("highlight"), !["cards", "order"].includes(model.get("kind"))));
  model.on("change:highlight", drawPlayerHand);
  model.on("change:choice", markAnswer);
  for (const trait of ["verdict", "feedback", "hint_text", "hints", "hint_total", "can_reveal", "has_next"]) model.on("change:" + trait, drawFeedback);
  model.on("change:error", () => (error.textContent = model.get("error")));
  drawAll();
}
export default { render };

function render({ model, el }) {
  // every word on the controls comes from Python, in the learner's language
  const labels = model.get("labels");
  const root = h("div", { class: "sjt-widget sjt-trump-chooser" });
  const controls = h("div", { class: "sjt-controls" });
  const rankLabel = h("label", { class: "sjt-rank-label" }, [labels.rank + " "]);
  const rank = h("select", { "aria-label": labels.rank });
  for (const r of model.get("ranks")) rank.append(h("option", { value: r, text: r }));
  rankLabel.append(rank);
  const suits = h("fieldset", { class: "sjt-suits" }, [h("legend", { text: labels.suit })]);
  const name = "sjt-suit-" + Math.random().toString(36).slice(2);
  for (const [value, text] of labels.suits) {
    const input = h("input", { type: "radio", name, value });
    suits.append(h("label", { class: "sjt-suit-choice" }, [input, " " + text]));
  }
  controls.append(rankLabel, suits);
  const summary = h("p", { class: "sjt-summary", role: "status", "aria-live": "polite" });
  const deck = h("div", { class: "sjt-deck" });
  const error = statusLine();
  root.append(controls, summary, deck, error);
  el.append(root);
  const send = () => {
    const checked = suits.querySelector("input:checked");
    model.send({ event: "choose", rank: rank.value, suit: checked ? checked.value : "NT" });
  };
  rank.addEventListener("change", send);
  suits.addEventListener("change", send);
  function draw() {
    rank.value = model.get("rank");
    for (const input of suits.querySelectorAll("input")) input.checked = input.value === model.get("suit");
    summary.textContent = model.get("summary");
    deck.replaceChildren();
    for (const group of model.get("groups")) {
      const box = h("div", { class: "sjt-group", role: "group", "aria-label": group.label, "data-group": group.group });
      box.append(h("div", { class: "sjt-group-label", text: group.label }));
      const row = h("div", { class: "sjt-row sjt-row-tight" });
      for (const card of group.cards) {
        const face = cardPicture(card, false);
        face.classList.add("sjt-static-card");
        face.dataset.token = card.token;
        row.append(face);
      }
      box.append(row);
      deck.append(box);
    }
  }
  for (const trait of ["rank", "suit", "groups", "summary"]) model.on("change:" + trait, draw);
  model.on("change:error", () => (error.textContent = model.get("error")));
  draw();
}
export default { render };

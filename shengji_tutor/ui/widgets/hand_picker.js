function render({ model, el }) {
  const root = h("div", { class: "sjt-widget sjt-picker" });
  const id = "sjt-picker-" + Math.random().toString(36).slice(2);
  const title = h("div", { class: "sjt-title", id });
  // the hand is one group named by its title ("Your hand — pick 2"), so a screen reader says what the cards are for
  const hand = h("div", { class: "sjt-hand-groups", role: "group", "aria-labelledby": id });
  const error = statusLine();
  root.append(title, hand, error);
  el.append(root);
  const send = (index) => model.send({ event: "toggle", index, token: model.get("cards")[index].token });
  function draw() {
    title.textContent = model.get("heading");
    drawHand(hand, model.get("cards"), {
      selected: model.get("selected"),
      highlight: model.get("highlight"),
      disabled: model.get("disabled"),
      send,
    });
    mark();
  }
  function mark() {
    markHand(hand, model.get("selected"), model.get("highlight"), model.get("disabled"));
    root.dataset.selected = String(model.get("selected").length);
    title.textContent = model.get("heading"); // "Your hand — pick 2", in the learner's language (Python words it)
  }
  model.on("change:cards", draw);
  model.on("change:heading", draw);
  model.on("change:selected", mark);
  model.on("change:highlight", mark);
  model.on("change:disabled", mark);
  model.on("change:max_selected", mark);
  model.on("change:error", () => (error.textContent = model.get("error")));
  draw();
}
export default { render };

function render({ model, el }) {
  const root = h("figure", { class: "sjt-widget sjt-trick-table" });
  const picture = h("div", { class: "sjt-trick-picture" });
  const caption = h("figcaption", { class: "sjt-caption" });
  root.append(picture, caption);
  el.append(root);
  function draw() {
    picture.innerHTML = model.get("svg"); // drawn by our Python renderer
    caption.textContent = model.get("caption");
    caption.hidden = !model.get("caption");
  }
  model.on("change:svg", draw);
  model.on("change:caption", draw);
  draw();
}
export default { render };

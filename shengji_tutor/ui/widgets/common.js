// Shared drawing helpers for the shengji-tutor widgets. The JavaScript only draws
// what Python sends and reports what the user did (model.send); it holds no rules.

function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") el.textContent = value;
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) el.append(child);
  return el;
}

// Python renders every card picture; `svg` is markup from our own renderer, never user text.
function cardPicture(card, hidden = true) {
  const span = h("span", { class: "sjt-card-face", "aria-hidden": hidden ? "true" : null });
  span.innerHTML = card.svg;
  return span;
}

// A hand of selectable cards, grouped by effective suit. `send(index)` reports a click.
function drawHand(root, cards, { selected = [], highlight = [], disabled = false, send }) {
  root.replaceChildren();
  let group = null;
  let row = null;
  let part = null;
  cards.forEach((card, index) => {
    const newPart = card.group === group && card.part !== part; // trumps of another suit: a small gap before them
    part = card.part;
    if (card.group !== group) {
      group = card.group;
      const box = h("div", { class: "sjt-group", role: "group", "aria-label": card.group_label });
      box.append(h("div", { class: "sjt-group-label", text: card.group_label }));
      row = h("div", { class: "sjt-row" });
      box.append(row);
      root.append(box);
    }
    const button = h("button", {
      type: "button",
      class: "sjt-card" + (highlight.includes(index) ? " sjt-hint" : "") + (newPart ? " sjt-new-part" : ""),
      "data-card": card.token,
      "data-index": index,
      "aria-pressed": String(selected.includes(index)),
      "aria-label": card.label,
      disabled: disabled,
    });
    button.append(cardPicture(card));
    button.addEventListener("click", () => send(index));
    row.append(button);
  });
}

// Update the pressed state in place (keeps keyboard focus on the card just toggled).
function markHand(root, selected, highlight, disabled) {
  for (const button of root.querySelectorAll("button.sjt-card")) {
    const index = Number(button.dataset.index);
    const order = selected.indexOf(index);
    button.setAttribute("aria-pressed", String(order >= 0));
    button.classList.toggle("sjt-hint", highlight.includes(index));
    button.disabled = disabled;
    if (order >= 0) button.dataset.order = String(order + 1);
    else delete button.dataset.order;
  }
}

function statusLine(className = "sjt-error") {
  return h("div", { class: className, role: "status", "aria-live": "polite" });
}

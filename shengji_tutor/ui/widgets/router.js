// The address bar: reports the URL fragment to Python, and mirrors Python's route, title and query back.
function render({ model, el }) {
  el.classList.add("sjt-router");
  el.hidden = true;
  const here = () => decodeURIComponent(window.location.hash.replace(/^#\/?/, ""));
  const report = () => model.send({ event: "navigate", route: here() });
  const address = (route) => {
    const query = model.get("query");
    const search = query ? "?" + query : window.location.search;
    return window.location.pathname + search + (route ? "#" + route : "");
  };
  function mirror() {
    const route = model.get("route");
    if (route && (here() !== route || (model.get("query") && window.location.search !== "?" + model.get("query")))) {
      window.history.replaceState(window.history.state, "", address(route));
    }
  }
  function retitle() {
    if (model.get("title")) document.title = model.get("title");
  }
  // After a change of place: to the top, and keyboard focus on the new place's heading once it is drawn (and the
  // old one gone) — unless the learner has already put focus somewhere themselves.
  function arrived() {
    window.scrollTo(0, 0);
    const route = model.get("route");
    const before = document.activeElement;
    let tries = 0;
    let steady = 0;
    const focus = () => {
      const active = document.activeElement;
      const ours = active && active.tagName === "H1" && active.closest(".sjt-shell-content");
      if (active && active !== document.body && active !== before && !ours) return; // the learner moved on
      const heading = document.querySelector(`.sjt-shell-content.sjt-place-${CSS.escape(route.split("/")[0])} h1`);
      if (heading && active === heading) steady += 1;
      else if (heading) {
        steady = 0;
        heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
      if (steady < 4 && ++tries < 80 && model.get("route") === route) setTimeout(focus, 25);
    };
    setTimeout(focus, 0);
  }
  const onHash = () => report();
  // "Skip to the puzzles": focus the place's skip target, without touching the address (the fragment is the route)
  const onSkip = (event) => {
    const link = event.target instanceof Element ? event.target.closest(".sjt-skip") : null;
    if (!link) return;
    event.preventDefault();
    const scope = link.closest(".sjt-shell-content") || document;
    const target = scope.querySelector(".sjt-skip-target");
    if (target) {
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    }
  };
  // The course bar's language switch: in the app the language changes in place (same kernel, same place); the
  // link's own address (?lang=zh) is for pages outside the app.
  const onLanguage = (event) => {
    const link = event.target instanceof Element ? event.target.closest(".sjt-lang a[data-lang]") : null;
    if (!link) return;
    event.preventDefault();
    if (link.getAttribute("aria-current") === "true") return;
    model.send({ event: "language", lang: link.dataset.lang });
  };
  const onMessage = (msg) => {
    if (msg && typeof msg.go === "string" && here() !== msg.go) {
      window.history.pushState(null, "", address(msg.go));
    }
  };
  const listeners = {
    "change:route": mirror,
    "change:query": mirror,
    "change:title": retitle,
    "change:shown": arrived,
    "msg:custom": onMessage,
  };
  window.addEventListener("hashchange", onHash);
  document.addEventListener("click", onSkip, true);
  document.addEventListener("click", onLanguage, true);
  for (const [name, listener] of Object.entries(listeners)) model.on(name, listener);
  retitle();
  report();
  return () => {
    window.removeEventListener("hashchange", onHash);
    document.removeEventListener("click", onSkip, true);
    document.removeEventListener("click", onLanguage, true);
    for (const [name, listener] of Object.entries(listeners)) model.off(name, listener);
  };
}
export default { render };

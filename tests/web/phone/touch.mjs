// Touch-only input for the phone suite: a finger's tap on an element (the DevTools protocol's
// touch events through playwright-core's touchscreen, never the mouse), and a guard that
// reports every mouse event reaching the page. A tap makes Chromium send compatibility mouse
// events after the touch; those carry `sourceCapabilities.firesTouchEvents === true` and
// pointerType "touch". Anything else (a real mouse: pointerType "mouse", firesTouchEvents
// false) is reported to the test through a binding, which survives reloads.

/** The name of the binding the page calls with a description of a mouse event. */
const BINDING = "__llkMouseSeen";

/**
 * Installs the guard in every page of `context` (before any page script runs); `record`
 * receives one line per mouse event seen, e.g. "mousedown (not from a touch) on button#btn-new".
 */
export async function installTouchGuard(context, record) {
  await context.exposeBinding(BINDING, (_source, line) => record(String(line)));
  await context.addInitScript(guard, BINDING);
}

/** Runs in the page: listens in the capture phase so that no handler can hide an event. */
function guard(binding) {
  const name = (t) => {
    if (!(t instanceof Element)) return String(t?.nodeName ?? t);
    const id = t.id ? `#${t.id}` : "";
    const cls = t.classList.length ? `.${[...t.classList].join(".")}` : "";
    return `${t.tagName.toLowerCase()}${id}${cls}`;
  };
  const report = (e, why) => {
    try {
      window[binding]?.(`${e.type} (${why}) on ${name(e.target)}`);
    } catch {
      // the page is going away: nothing to report to
    }
  };
  for (const type of ["pointerdown", "pointerup", "pointermove"]) {
    addEventListener(type, (e) => e.pointerType !== "touch" && report(e, `pointerType ${e.pointerType}`), true);
  }
  for (const type of ["mousedown", "mouseup", "mousemove", "dblclick", "contextmenu", "wheel"]) {
    addEventListener(type, (e) => e.isTrusted && e.sourceCapabilities?.firesTouchEvents !== true && report(e, "not from a touch"), true);
  }
  // a click is a PointerEvent: "mouse" only when a mouse made it (a label's or a key's
  // activation has pointerType "")
  addEventListener("click", (e) => e.isTrusted && e.pointerType === "mouse" && report(e, "pointerType mouse"), true);
}

/**
 * A finger's tap at the centre of `selector`'s first match, once it is in view and keeps its
 * place. On a board that pans the view scrolls smoothly to show a selection or a hint, and
 * such a scroll may start a frame or two after the change that asked for it: a finger aimed
 * at a tile then lands beside it. So inside a scrolling container the element must keep its
 * place for a few frames (elsewhere the view does not move what a finger aims at). When the
 * element is enabled and is what a finger at its centre touches, the tap goes straight
 * there; otherwise playwright-core's `tap` waits until it can be tapped (visible, stable,
 * enabled, uncovered), and says why when it cannot. Resolves to `{ pans }`: whether the
 * element is inside a container that scrolls.
 */
export async function tap(page, selector, { timeout = 10_000 } = {}) {
  const spot = await page.evaluate(async (sel) => {
    // a frame, or a tenth of a second where frames are not drawn (a tab in the background)
    const frame = () => new Promise((r) => (requestAnimationFrame(r), setTimeout(r, 100)));
    const el = document.querySelector(sel);
    if (!el || el.disabled) return null;
    const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    let pans = false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p);
      const scrollable = /(auto|scroll)/.test(o.overflowX + o.overflowY);
      if (scrollable && (p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1)) pans = true;
    }
    const needed = pans ? 3 : 0;
    let last = null;
    let still = 0;
    for (let i = 0; i < 120; i++) {
      let r = el.getBoundingClientRect();
      if (!inView(r)) {
        el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
        r = el.getBoundingClientRect();
      }
      const same = last && r.x === last.x && r.y === last.y && r.width === last.width && r.height === last.height;
      still = same ? still + 1 : 0;
      if (still >= needed) {
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        return hit && (hit === el || el.contains(hit)) ? { x, y, pans } : { pans };
      }
      last = r;
      await frame();
    }
    return { pans };
  }, selector);
  if (spot?.x !== undefined) await page.touchscreen.tap(spot.x, spot.y);
  else await page.locator(selector).first().tap({ timeout });
  return { pans: spot?.pans ?? false };
}
